// Builds the web app (Vite) and bundles the API (esbuild) into dist/, then precompresses the static files.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { build } from 'esbuild';
import { ROOT, STAMP } from './lib/build-state.mjs';
import { writeDashboardPages } from './lib/dashboard-pages.mjs';

// `--out DIR` builds elsewhere (the browser tests build their own copy so parallel runs never share dist/).
const outArg = process.argv.indexOf('--out');
const OUT = outArg > 0 ? path.resolve(process.argv[outArg + 1]) : path.join(ROOT, 'dist');

const started = Date.now();
// Vitest sets NODE_ENV=test; the bundle must always be React's production build.
execFileSync(
  process.execPath,
  [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', path.join(OUT, 'web')],
  {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  },
);

// The content pages' HTML, rendered now, so a phone paints them (and fetches their images) before the JavaScript arrives.
execFileSync(process.execPath, [path.join(ROOT, 'scripts/lib/prerender-pages.mjs'), path.join(OUT, 'web')], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});

// Issue #20 item 1 (back office): the dashboards' HTML starts their first API request and preloads their chunks.
await writeDashboardPages(path.join(OUT, 'web'));

await build({
  // The year-end receipts worker thread is loaded by the server from beside it (year-receipts-worker.mjs).
  entryPoints: {
    server: path.join(ROOT, 'apps/api/src/server.ts'),
    'year-receipts-worker': path.join(ROOT, 'apps/api/src/modules/operations/year-receipts-worker.ts'),
  },
  outdir: path.join(OUT, 'api'),
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  tsconfig: path.join(ROOT, 'apps/api/tsconfig.json'),
});

// Precompressed copies: @fastify/static serves .br/.gz directly, so slow mobile links get small files at no CPU cost.
const webDir = path.join(OUT, 'web');
const walk = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? walk(path.join(dir, d.name)) : [path.join(dir, d.name)]));
for (const file of walk(webDir)) {
  if (!/\.(js|css|html|svg|json|txt|webmanifest)$/.test(file)) continue;
  const data = fs.readFileSync(file);
  if (data.length < 1024) continue;
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
}
if (OUT === path.join(ROOT, 'dist')) fs.writeFileSync(STAMP, new Date().toISOString());
console.log(`Build terminé en ${((Date.now() - started) / 1000).toFixed(1)} s`);
