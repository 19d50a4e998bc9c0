import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { stopProcess } from './stop-process';

/**
 * A second server from the same private build, for a test that must take the network away for real (stop the
 * server): Chromium's offline emulation also stops a service worker's answers (playwright#2311).
 */
export async function startOwnServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assoc-e2e-own-'));
  const child: ChildProcess = spawn(process.execPath, [path.join(inject('buildDir'), 'api/server.mjs')], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', PAYMENT_PROVIDER: 'sandbox', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {}
    if (child.exitCode !== null) throw new Error(`the second server exited with code ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the second server did not start within 30 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  let stopped = false;
  return {
    url,
    async stop() {
      if (stopped) return;
      stopped = true;
      await stopProcess(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
