// `npm test`: lint and format check, import boundaries, typecheck, then unit + API integration + browser end-to-end tests in one Vitest run.
// Prints a closing "N passed, N failed" line that CI reads.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/build-state.mjs';

const bin = (name) => path.join(ROOT, 'node_modules/.bin', name);
const run = (label, cmd, args, env = {}) => {
  console.log(`\n▶ ${label}`);
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
};

const TSCONFIGS = [
  'tsconfig.json',
  'apps/api/tsconfig.json',
  'apps/web/tsconfig.json',
  'packages/shared/tsconfig.json',
  'tsconfig.dom-node.json',
];

const projects = (process.env.TEST_PROJECTS ?? 'unit,api,e2e').split(',');
let ok = true;
// CI's second run (the API suite on PostgreSQL) sets TEST_SKIP_STATIC=1: the checks below do not depend on the engine
// and already ran in the first.
if (process.env.TEST_SKIP_STATIC !== '1') {
  // Lint and formatting together: unformatted code fails like a lint error (`npm run format` fixes it).
  ok = run('lint and format (biome check)', bin('biome'), ['check', '.']);
  // A web feature never imports another feature (docs/product/design.md rule 8).
  ok = run('import boundaries', process.execPath, [path.join(ROOT, 'scripts/check-boundaries.mjs')]) && ok;
  // One TypeScript program per environment (docs/architecture.md): DOM only in the web app, Node only in the server
  // and scripts, neither in the shared package; the tests and the prerender that drive the web app from Node get both.
  for (const config of TSCONFIGS) ok = run(`typecheck (tsc -p ${config})`, bin('tsc'), ['-p', config, '--noEmit']) && ok;
}

const report = path.join(ROOT, '.tmp/vitest-report.json');
fs.mkdirSync(path.dirname(report), { recursive: true });
fs.rmSync(report, { force: true });
const testsOk = run('tests (vitest)', bin('vitest'), [
  'run',
  ...projects.flatMap((p) => ['--project', p]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
]);
ok = testsOk && ok;

let passed = 0;
let failed = 0;
let skipped = 0;
try {
  const r = JSON.parse(fs.readFileSync(report, 'utf8'));
  passed = r.numPassedTests;
  failed = r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0);
  skipped = r.numPendingTests + r.numTodoTests;
} catch {
  failed += 1;
}
if (!ok && failed === 0) failed = 1; // lint or typecheck failed
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(ok && failed === 0 ? 0 : 1);
