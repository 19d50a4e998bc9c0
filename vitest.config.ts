import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = {
  '@shared': path.resolve(import.meta.dirname, 'packages/shared/src'),
  '@web': path.resolve(import.meta.dirname, 'apps/web/src'),
};

// One runner, four projects: `npm test` runs them all (scripts/test.mjs).
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: [
            'packages/**/*.test.ts',
            'apps/api/src/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'e2e/helpers/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
          // Files share a worker's module cache: a third of the CPU an isolated run spends importing the app
          // (docs/testing.md, « Durée de npm test »).
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['apps/api/test/**/*.test.ts'],
          setupFiles: ['apps/api/test/setup/fail-on-console-error.ts'],
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['e2e/*.test.ts'],
          globalSetup: ['e2e/setup/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'reliability',
          include: ['tests/reliability/**/*.test.ts', 'tests/multi-process/**/*.test.ts'],
          testTimeout: 240_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
