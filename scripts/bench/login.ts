// `npx tsx scripts/bench/login.ts`: login p50 at the production password cost (Argon2id, 19 MiB, 2 passes, 1 lane),
// one request at a time over real HTTP on a scratch SQLite database. Prints figures; asserts nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/platform/config';

const ADMIN = { telephone: '+22997000001', password: 'Banc-Essai-Admin-2026' };
const ROUNDS = 40;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assoc-login-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, ADMIN_TELEPHONE: ADMIN.telephone, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'error' });
  config.rateLimits = { login: 1e9, publicForms: 1e9 };
  const app = await buildApp({ config, logger: false, webDir: path.join(dataDir, 'no-web') });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/login`;
    const time = async (telephone: string, password: string) => {
      const start = performance.now();
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ telephone, password }),
      });
      await res.arrayBuffer();
      return { ms: performance.now() - start, status: res.status };
    };
    const p50 = async (telephone: string, password: string) => {
      await time(telephone, password);
      const times: number[] = [];
      for (let i = 0; i < ROUNDS; i++) times.push((await time(telephone, password)).ms);
      times.sort((a, b) => a - b);
      return { p50: times[Math.floor(times.length / 2)]!.toFixed(1), p90: times[Math.floor(times.length * 0.9)]!.toFixed(1) };
    };
    const right = await p50(ADMIN.telephone, ADMIN.password);
    const wrong = await p50(ADMIN.telephone, 'mauvais-mot-de-passe');
    const unknown = await p50('+22900000000', 'mauvais-mot-de-passe');
    console.log(`Argon2id m=${config.passwordCost} KiB, t=2, p=1 — ${ROUNDS} logins one at a time, ${os.cpus()[0]?.model ?? ''}`);
    console.log('| login | p50 | p90 |\n| --- | --- | --- |');
    console.log(`| correct password (200) | ${right.p50} ms | ${right.p90} ms |`);
    console.log(`| wrong password (422) | ${wrong.p50} ms | ${wrong.p90} ms |`);
    console.log(`| unknown telephone (422) | ${unknown.p50} ms | ${unknown.p90} ms |`);
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
