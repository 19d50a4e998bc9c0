import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
// @ts-expect-error plain ESM helper without types
import { ROOT } from '../../scripts/lib/build-state.mjs';
import { E2E_ADMIN } from '../helpers/constants';
import { keepSentCodes } from '../helpers/sent-codes';
import { stopProcess } from '../helpers/stop-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
    /** The private build the server runs (e2e/helpers/own-server.ts starts a second one from it). */
    buildDir: string;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

let server: ChildProcess | undefined;
let dataDir: string | undefined;

/** Starts the product the way `npm start` does (built bundle, fresh data folder) for the browser tests. */
export default async function setup(project: TestProject) {
  // A private build per run, so parallel runs (and a developer's `npm start`) never share dist/.
  // Inside the repository so the bundle resolves node_modules.
  // `npm test` builds once and hands the build to every browser-test process (E2E_BUILD_DIR, scripts/test.mjs).
  fs.mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
  const given = process.env.E2E_BUILD_DIR;
  const out = given ?? fs.mkdtempSync(path.join(ROOT, '.tmp/e2e-dist-'));
  if (!given) execFileSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs'), '--out', out], { cwd: ROOT, stdio: 'inherit' });
  const port = await freePort();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assoc-e2e-'));
  server = spawn(process.execPath, [path.join(out, 'api/server.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_TELEPHONE: E2E_ADMIN.telephone,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      ADMIN_NAME: E2E_ADMIN.name,
      ADMIN_EMAIL: E2E_ADMIN.email,
      PAYMENT_PROVIDER: 'sandbox',
      RATE_LIMIT_LOGIN: '1000',
      RATE_LIMIT_FORMS: '1000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) break;
    } catch {}
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    if (Date.now() > deadline) throw new Error('the server did not start within 30 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  await keepSentCodes(path.join(dataDir, 'association.sqlite'));
  project.provide('baseURL', baseURL);
  project.provide('dataDir', dataDir);
  project.provide('buildDir', out);
  return async () => {
    if (server) await stopProcess(server);
    fs.rmSync(dataDir!, { recursive: true, force: true });
    if (!given) fs.rmSync(out, { recursive: true, force: true });
  };
}
