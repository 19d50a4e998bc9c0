// Starts the built product as a deployment runs it (node with SERVER_NODE_FLAGS dist/api/server.mjs) on a free loopback port
// with a scratch DATA_DIR. Shared by the benchmarks and the reliability suite.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ROOT, isBuildFresh } from '../../lib/build-state.mjs';
import { SERVER_NODE_FLAGS } from '../../lib/node-flags.mjs';

export { ROOT };

export const BENCH_ADMIN = {
  telephone: '+22997000001',
  password: 'Banc-Essai-Admin-2026',
  name: 'Admin Banc',
  email: 'admin.banc@example.bj',
};

/** Builds dist/ when the sources are newer (like `npm start`), or a private copy in `outDir`. Returns the build folder. */
export function ensureBuild(outDir) {
  if (outDir) {
    if (!fs.existsSync(path.join(outDir, 'api/server.mjs')) || !fs.existsSync(path.join(outDir, 'web/index.html'))) {
      execFileSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs'), '--out', outDir], { cwd: ROOT, stdio: 'inherit' });
    }
    return outDir;
  }
  if (!isBuildFresh()) execFileSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs')], { cwd: ROOT, stdio: 'inherit' });
  return path.join(ROOT, 'dist');
}

export async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * Spawns `node <SERVER_NODE_FLAGS> <build>/api/server.mjs` and waits for GET /api/health.
 * `healthy: false` waits only for the port to answer (a degraded database still answers 503).
 */
export async function startProduct({
  buildDir = path.join(ROOT, 'dist'),
  dataDir,
  env = {},
  port,
  timeoutMs = 30_000,
  healthy = true,
} = {}) {
  const listenPort = port ?? (await freePort());
  const logs = [];
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(buildDir, 'api/server.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(listenPort),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_TELEPHONE: BENCH_ADMIN.telephone,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      ADMIN_NAME: BENCH_ADMIN.name,
      ADMIN_EMAIL: BENCH_ADMIN.email,
      PAYMENT_PROVIDER: 'sandbox',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk) => {
    logs.push(chunk.toString());
    if (logs.length > 500) logs.shift();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const url = `http://127.0.0.1:${listenPort}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited during start (code ${child.exitCode}):\n${logs.join('')}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok || !healthy) break;
    } catch {}
    if (Date.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer within ${timeoutMs} ms:\n${logs.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    port: listenPort,
    child,
    logs,
    startMs: Date.now() - started,
    exited,
    /** SIGTERM (graceful) by default; resolves with the exit code/signal. */
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
