import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { lazyZodResolver } from './lazy-resolver';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

describe('lazyZodResolver', () => {
  it('checks the values with the schema it loads, in French, once asked', async () => {
    let loads = 0;
    const resolver = lazyZodResolver(() => {
      loads++;
      return import('@shared/schemas/auth').then((m) => m.loginSchema);
    });
    expect(loads).toBe(0);
    const options = { fields: {}, shouldUseNativeValidation: false } as never;
    const wrong = await resolver({ telephone: '', password: '' }, undefined, options);
    expect(wrong.errors.password?.message).toBe('Le mot de passe est requis.');
    const right = await resolver({ telephone: '+229 97 00 00 01', password: 'secret' }, undefined, options);
    expect(right.errors).toEqual({});
    expect(right.values).toMatchObject({ telephone: expect.stringMatching(/^\+229\d+$/), password: 'secret' });
    expect(loads).toBe(1);
  });
});

// Issue #43: a public form page must not evaluate zod and its schemas before its first tap. Only a dynamic import (the
// lazy resolver) may reach zod from these pages; a static one (a message imported from a schema module) brings it back.
const PAGES = [
  'features/auth/login-page.tsx',
  'features/contact/contact-page.tsx',
  'features/password-recovery/forgot-password-page.tsx',
  'features/payments/payment-page.tsx',
  'features/testimonials/testimonial-page.tsx',
  'app/pages/donation-route.tsx',
  'features/pledges/pledge-page.tsx',
  'features/volunteers/volunteer-page.tsx',
  'features/projects/project-page.tsx',
  'features/privacy/privacy-page.tsx',
  'features/home/home-page.tsx',
  'features/events/events-page.tsx',
  'features/events/ticket-page.tsx',
];

describe('public form pages', () => {
  it('reach zod only through a dynamic import', async () => {
    const result = await build({
      entryPoints: PAGES.map((p) => path.join(ROOT, 'apps/web/src', p)),
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      splitting: true,
      outdir: path.join(ROOT, '.tmp/zod-free-check'),
      alias: { '@shared': path.join(ROOT, 'packages/shared/src'), '@web': path.join(ROOT, 'apps/web/src') },
      loader: { '.css': 'empty', '.svg': 'empty', '.png': 'empty', '.webp': 'empty', '.jpg': 'empty', '.avif': 'empty' },
      jsx: 'automatic',
      logLevel: 'silent',
      external: ['virtual:*', 'workbox-*'],
    });
    const inputs = result.metafile.inputs;
    const isZod = (file: string) => /node_modules\/zod\//.test(file);
    const staticChain = (entry: string): string[] | null => {
      const parent = new Map<string, string | null>([[entry, null]]);
      const queue = [entry];
      while (queue.length) {
        const current = queue.shift()!;
        for (const imported of inputs[current]?.imports ?? []) {
          if (imported.kind !== 'import-statement') continue;
          if (isZod(imported.path)) {
            const chain = [imported.path];
            for (let at: string | null | undefined = current; at; at = parent.get(at)) chain.unshift(at);
            return chain;
          }
          if (!parent.has(imported.path)) {
            parent.set(imported.path, current);
            queue.push(imported.path);
          }
        }
      }
      return null;
    };
    const entries = Object.keys(inputs).filter((file) => PAGES.some((p) => file.endsWith(`apps/web/src/${p}`)));
    expect(entries).toHaveLength(PAGES.length);
    expect(entries.map((entry) => ({ entry, chain: staticChain(entry) })).filter((e) => e.chain)).toEqual([]);
  }, 60_000);
});
