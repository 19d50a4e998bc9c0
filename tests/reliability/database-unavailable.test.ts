import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../packages/shared/src/messages';
import { CONTACT, FAST_ENV, dbFile, reliabilityBuild, removeDir, runId, scratchDataDir, startProduct } from './helpers';

type Product = Awaited<ReturnType<typeof startProduct>>;

const post = (url: string, body: unknown) =>
  fetch(`${url}/api/contact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(
    async (r) => ({
      status: r.status,
      body: (await r.json()) as { message?: string },
    }),
  );
const health = (url: string) =>
  fetch(`${url}/api/health`).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, string> }));

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

/** The fault as seen from the product, then the same checks whatever the engine. */
async function expectCleanOutageAndRecovery(url: string, cut: () => Promise<void> | void, restore: () => Promise<void> | void) {
  const id = runId();
  expect((await post(url, CONTACT(`avant.${id}@exemple.bj`))).status).toBeLessThan(300);
  await cut();
  const during = await post(url, CONTACT(`pendant.${id}@exemple.bj`));
  expect(during.status).toBe(503);
  expect(during.body).toEqual({ message: MESSAGES.databaseUnavailable });
  const h = await health(url);
  expect(h.status).toBe(503);
  expect(h.body).toMatchObject({ status: 'degraded', database: 'unavailable', message: MESSAGES.databaseUnavailable });
  await restore();
  // Service resumes by itself: no restart, no operator action on the product.
  expect(await waitFor(async () => (await health(url)).status === 200, 15_000)).toBe(true);
  expect((await post(url, CONTACT(`apres.${id}@exemple.bj`))).status).toBeLessThan(300);
}

describe('database unreachable', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  // The SQLite file and its WAL made unwritable underneath the running process, as a volume remounted
  // read-only would be. chmod does not stop root (CI runs as root), and an open handle keeps its rights
  // anyway, so the immutable attribute is used: writes through the open handle then fail like on a read-only disk.
  it('SQLite: the file made read-only → clean 503 in French, health says so, and service resumes by itself', async (ctx) => {
    const buildDir = reliabilityBuild();
    const dataDir = scratchDataDir('readonly');
    const files = () => [dbFile(dataDir), `${dbFile(dataDir)}-wal`].filter((f) => fs.existsSync(f));
    const chattr = (flag: string, list: string[]) => execFileSync('chattr', [flag, ...list], { stdio: 'pipe' });
    let product: Product | undefined;
    cleanups.push(async () => {
      try {
        chattr('-i', files());
      } catch {}
      await product?.stop('SIGKILL');
      removeDir(dataDir);
    });
    try {
      const probe = path.join(dataDir, 'probe');
      fs.writeFileSync(probe, '');
      chattr('+i', [probe]);
      chattr('-i', [probe]);
    } catch {
      console.warn('reliability: chattr +i is not available on this file system; SQLite read-only case skipped');
      ctx.skip();
      return;
    }
    product = await startProduct({ buildDir, dataDir, env: FAST_ENV });
    await expectCleanOutageAndRecovery(
      product.url,
      () => {
        chattr('+i', files());
      },
      () => {
        chattr('-i', files());
      },
    );
  });

  // PostgreSQL behind a TCP relay that the test cuts (every connection reset, port closed) and reopens.
  it('PostgreSQL: the connection stopped → clean 503 in French, health says so, and service resumes by itself', async (ctx) => {
    const base = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    const target = new URL(base);
    const admin = new pg.Client({ connectionString: base, connectionTimeoutMillis: 2000 });
    try {
      await admin.connect();
    } catch {
      console.warn(`reliability: PostgreSQL is not reachable at ${target.host}; PostgreSQL case skipped`);
      ctx.skip();
      return;
    }
    const database = `reliability_${runId()}`;
    await admin.query(`create database ${database}`);
    const sockets = new Set<net.Socket>();
    const relay = net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 5432), target.hostname);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
    const relayPort = (relay.address() as net.AddressInfo).port;
    const cut = async () => {
      await new Promise<void>((r) => {
        relay.close(() => r());
        for (const s of sockets) s.destroy();
      });
    };
    const restore = () => new Promise<void>((r) => relay.listen(relayPort, '127.0.0.1', r));

    const dataDir = scratchDataDir('pg');
    const url = new URL(base);
    url.host = `127.0.0.1:${relayPort}`;
    url.pathname = `/${database}`;
    let product: Product | undefined;
    cleanups.push(async () => {
      await product?.stop('SIGKILL');
      relay.close();
      for (const s of sockets) s.destroy();
      await admin.query(`drop database if exists ${database} with (force)`).catch(() => {});
      await admin.end();
      removeDir(dataDir);
    });
    product = await startProduct({
      buildDir: reliabilityBuild(),
      dataDir,
      env: { ...FAST_ENV, DATABASE_URL: url.toString(), DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') },
    });
    await expectCleanOutageAndRecovery(product.url, cut, restore);
  });
});
