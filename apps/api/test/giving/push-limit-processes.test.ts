import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { LIMITS } from '@shared/constants';
import { PUSH_MESSAGES } from '@shared/schemas/payment-mode';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isPostgres } from '../../src/platform/database/database';
import { loadConfig } from '../../src/platform/config';
import { createDatabase, type DB } from '../../src/platform/database/database';
import { migrateToLatest } from '../../src/platform/database/migrate';

// docs/giving-by-phone.md: the limit of requests on one telephone holds across processes sharing one database (tsx-run
// server.ts on one SQLite file, or one PostgreSQL database). Within one process, SQLite's single connection hides a
// read-then-write race; across processes the count must wait for a request being written elsewhere: SQLite's
// IMMEDIATE transaction (a deferred one would count, then fail with SQLITE_BUSY at its insert), PostgreSQL's lock.

const ROOT = path.resolve(import.meta.dirname, '../../../..');
let dataDir: string;
let db: DB;
let dropDatabase: (() => Promise<void>) | undefined;
const children: ChildProcess[] = [];
const bases: string[] = [];

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

async function startServer(env: Record<string, string>): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: 'ignore',
  });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  await vi.waitFor(
    async () => {
      expect(child.exitCode).toBeNull();
      expect((await fetch(`${base}/api/health`)).status).toBe(200);
    },
    { timeout: 60_000, interval: 200 },
  );
  return base;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assoc-push-limit-'));
  let databaseUrl = `sqlite:${path.join(dataDir, 'db.sqlite')}`;
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    // A database of its own (not a schema): the server processes connect with a plain DATABASE_URL.
    const name = `asbe_push_limit_${randomBytes(6).toString('hex')}`;
    const admin = createDatabase({ dialect: 'postgres', url: pgUrl });
    await sql`create database ${sql.id(name)}`.execute(admin);
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
      await admin.destroy();
    };
  }
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    ADMIN_TELEPHONE: '+2290190000001',
    ADMIN_PASSWORD: 'Admin-Mot-De-Passe-1',
    PAYMENT_PROVIDER: 'sandbox',
    RATE_LIMIT_FORMS: '1000',
    LOG_LEVEL: 'silent',
  };
  db = createDatabase(loadConfig(env).database);
  await migrateToLatest(db);
  // One after the other: the first creates the administrator, the second finds it.
  bases.push(await startServer(env));
  bases.push(await startServer(env));
}, 150_000);

afterAll(async () => {
  await Promise.all(
    children.map((child) =>
      child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve).kill('SIGTERM')) : Promise.resolve(),
    ),
  );
  await db?.destroy();
  await dropDatabase?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('requests on one telephone, from two server processes', () => {
  it(`10 parallel requests split over both: exactly ${LIMITS.pushRequestsPerTelephone} pass, the others get the 429`, async () => {
    const telephone = '+2290196000030';
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        fetch(`${bases[i % 2]}/api/${i % 4 < 2 ? 'donation' : 'payment'}/initiate`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(
            i % 4 < 2
              ? { amount: 1000, purpose: 'sante', mode: 'push', telephone }
              : { name: 'Adjo Membre', telephone, amount: 5000, payment_type: 'cotisation', mode: 'push' },
          ),
        }),
      ),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([
      ...Array(LIMITS.pushRequestsPerTelephone).fill(202),
      ...Array(10 - LIMITS.pushRequestsPerTelephone).fill(429),
    ]);
    const refused = (await responses.find((r) => r.status === 429)!.json()) as { message: string };
    expect(refused.message).toBe(PUSH_MESSAGES.tooManyForTelephone);
    const count = async (table: 'donations' | 'payments') =>
      (await db.selectFrom(table).select('id').where('phone', '=', telephone).execute()).length;
    expect((await count('donations')) + (await count('payments'))).toBe(LIMITS.pushRequestsPerTelephone);
  }, 20_000);

  it('a request counts the requests another process is writing for the number: it waits for them, then gets the 429', async () => {
    const telephone = '+2290196000031';
    const now = new Date().toISOString();
    const row = {
      amount: 1000,
      purpose: 'sante',
      phone: telephone,
      channel: 'telephone',
      transaction_status: 'pending',
      provider: 'sandbox',
      created_at: now,
      updated_at: now,
    } as const;
    const postgres = isPostgres(db);
    let response: Promise<Response> | undefined;
    // This process plays a server writing the number's last allowed requests: the limit's lock is held (PostgreSQL's
    // advisory lock, SQLite's write lock) and the rows are written, not yet committed, while the server is asked.
    await db.connection().execute(async (connection) => {
      await sql`begin${sql.raw(postgres ? '' : ' immediate')}`.execute(connection);
      if (postgres) await sql`select pg_advisory_xact_lock(hashtext(${`push:${telephone}`}))`.execute(connection);
      for (let i = 0; i < LIMITS.pushRequestsPerTelephone; i += 1) await connection.insertInto('donations').values(row).execute();
      response = fetch(`${bases[0]}/api/donation/initiate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ amount: 1000, purpose: 'sante', mode: 'push', telephone }),
      });
      // Committed only once the server waits for the lock: PostgreSQL shows the wait; a SQLite server process waits
      // for the write lock synchronously, so it stops answering.
      await vi.waitFor(
        async () => {
          if (postgres) {
            const waiting = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock' and wait_event = 'advisory'`.execute(connection);
            expect(waiting.rows[0]!.n).toBeGreaterThan(0);
          } else {
            const answered = await fetch(`${bases[0]}/api/health`, { signal: AbortSignal.timeout(500) }).then(
              () => true,
              () => false,
            );
            expect(answered).toBe(false);
          }
        },
        { timeout: 4_000, interval: 50 },
      );
      await sql`commit`.execute(connection);
    });
    const answer = await response!;
    expect(answer.status).toBe(429);
    expect(((await answer.json()) as { message: string }).message).toBe(PUSH_MESSAGES.tooManyForTelephone);
    expect(await db.selectFrom('donations').select('id').where('phone', '=', telephone).execute()).toHaveLength(
      LIMITS.pushRequestsPerTelephone,
    );
  }, 20_000);
});
