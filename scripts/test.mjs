// `npm test`: lint and format check, import boundaries, typecheck, then unit + API integration + browser end-to-end tests.
// Prints a closing "N passed, N failed" line that CI reads.
//
// Two streams run side by side so a 2-core machine stays busy (docs/testing.md, « Durée de npm test »):
//   A. the static checks, then the unit and API projects in one Vitest run;
//   B. one build of the product, then the browser tests split in E2E_SHARDS Vitest processes (default 2), each with
//      its own server and data folder (e2e/setup/global-setup.ts), so no shard sees another's data.
// Each line a process prints is prefixed with its name; each Vitest process writes its own JSON report.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { ROOT } from './lib/build-state.mjs';

const bin = (name) => path.join(ROOT, 'node_modules/.bin', name);
const TMP = path.join(ROOT, '.tmp');
fs.mkdirSync(TMP, { recursive: true });

const children = new Set();
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

/** Runs a command with every output line prefixed by its label; resolves to true when it exits with 0. */
function run(label, cmd, args, env = {}) {
  const started = Date.now();
  console.log(`▶ ${label}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    children.add(child);
    for (const stream of [child.stdout, child.stderr]) {
      readline.createInterface({ input: stream }).on('line', (line) => console.log(`[${label}] ${line}`));
    }
    child.on('error', (error) => console.log(`[${label}] ${error.message}`));
    child.on('close', (code) => {
      children.delete(child);
      console.log(`◀ ${label}: ${seconds(started)}, exit ${code}`);
      resolve(code === 0);
    });
  });
}

// CI's time limit (.ci/run) sends SIGTERM: pass it on so each Vitest stops its servers and browsers.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    setTimeout(() => process.exit(1), 20_000).unref();
  });
}

const TSCONFIGS = [
  'tsconfig.json',
  'apps/api/tsconfig.json',
  'apps/web/tsconfig.json',
  'packages/shared/tsconfig.json',
  'tsconfig.dom-node.json',
];

const projects = (process.env.TEST_PROJECTS ?? 'unit,api,e2e').split(',');
const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 2) || 1);
const reports = [];

function vitest(label, args, env) {
  const report = path.join(TMP, `vitest-report-${label.replace(/[^a-z0-9]+/gi, '-')}.json`);
  fs.rmSync(report, { force: true });
  reports.push(report);
  return run(label, bin('vitest'), ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], env);
}

async function staticThenNode() {
  let ok = true;
  // CI's second run (the API suite on PostgreSQL) sets TEST_SKIP_STATIC=1: the checks below do not depend on the engine
  // and already ran in the first.
  if (process.env.TEST_SKIP_STATIC !== '1') {
    // Lint and formatting together: unformatted code fails like a lint error (`npm run format` fixes it).
    ok = (await run('biome', bin('biome'), ['check', '.'])) && ok;
    // A web feature never imports another feature (docs/product/design.md rule 8).
    ok = (await run('boundaries', process.execPath, [path.join(ROOT, 'scripts/check-boundaries.mjs')])) && ok;
    // One TypeScript program per environment (docs/architecture.md): DOM only in the web app, Node only in the server
    // and scripts, neither in the shared package; the tests and the prerender that drive the web app from Node get both.
    for (const config of TSCONFIGS) ok = (await run(`tsc ${config}`, bin('tsc'), ['-p', config, '--noEmit'])) && ok;
  }
  const nodeProjects = projects.filter((p) => p !== 'e2e');
  if (nodeProjects.length > 0)
    ok =
      (await vitest(
        nodeProjects.join('+'),
        nodeProjects.flatMap((p) => ['--project', p]),
      )) && ok;
  return ok;
}

async function browser() {
  if (!projects.includes('e2e')) return true;
  const out = fs.mkdtempSync(path.join(TMP, 'e2e-dist-'));
  try {
    if (!(await run('build', process.execPath, [path.join(ROOT, 'scripts/build.mjs'), '--out', out]))) return false;
    const results = await Promise.all(
      Array.from({ length: shards }, (_, i) =>
        vitest(`e2e ${i + 1}/${shards}`, ['--project', 'e2e', ...(shards > 1 ? [`--shard=${i + 1}/${shards}`] : [])], {
          E2E_BUILD_DIR: out,
        }),
      ),
    );
    return results.every(Boolean);
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

const started = Date.now();
const [nodeOk, browserOk] = await Promise.all([staticThenNode(), browser()]);
let ok = nodeOk && browserOk;

let passed = 0;
let failed = 0;
let skipped = 0;
for (const report of reports) {
  try {
    const r = JSON.parse(fs.readFileSync(report, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0);
    skipped += r.numPendingTests + r.numTodoTests;
  } catch {
    failed += 1;
    ok = false;
  }
}
if (!ok && failed === 0) failed = 1; // lint or typecheck failed
console.log(`\nnpm test: ${seconds(started)}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(ok && failed === 0 ? 0 : 1);
