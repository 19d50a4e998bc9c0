import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/platform/config';
import { createDatabase, type DB } from '../../src/platform/database/database';
import { migrateToLatest } from '../../src/platform/database/migrate';
import { enqueueMessage } from '../../src/modules/messages/outbox';
import { startTwilioStandIn } from './helpers';

// A real server process (tsx-run server.ts, worker started as in production) is SIGKILLed while it is sending;
// after a restart, what it held and what was queued meanwhile are each delivered exactly once.

const SID = 'AC00000000000000000000000000000042';
const TOKEN = 'restart-token';
const ROOT = path.resolve(import.meta.dirname, '../../../..');
let twilio: Awaited<ReturnType<typeof startTwilioStandIn>>;
let dataDir: string;
let env: Record<string, string>;
let db: DB;
let dropSchema: (() => Promise<void>) | undefined;
let child: ChildProcess | undefined;

beforeAll(async () => {
  twilio = await startTwilioStandIn(SID, TOKEN);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assoc-restart-'));
  let databaseUrl = `sqlite:${path.join(dataDir, 'db.sqlite')}`;
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    // A database of its own (not a schema): the child process connects with a plain DATABASE_URL.
    const name = `asbe_restart_${randomBytes(6).toString('hex')}`;
    const admin = createDatabase({ dialect: 'postgres', url: pgUrl });
    await sql`create database ${sql.id(name)}`.execute(admin);
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropSchema = async () => {
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
      await admin.destroy();
    };
  }
  env = {
    PORT: '0',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    ADMIN_TELEPHONE: '+22901000000',
    ADMIN_PASSWORD: 'Admin-Mot-De-Passe-1',
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: SID,
    TWILIO_AUTH_TOKEN: TOKEN,
    TWILIO_FROM: 'ASBE',
    TWILIO_API_BASE: twilio.url,
    LOG_LEVEL: 'silent',
  };
  const config = loadConfig(env);
  db = createDatabase(config.database);
  await migrateToLatest(db);
});

afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await db?.destroy();
  await dropSchema?.();
  await twilio?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a message queued before a SIGKILL', () => {
  it('is sent after the restart, exactly once', async () => {
    await enqueueMessage(db, { channel: 'sms', to: '+2290197000101', body: 'Avant le crash', dedupeKey: 'restart:a' });
    twilio.setMode('hang'); // the provider takes the message and never answers: the process dies mid-send
    child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: 'ignore',
    });
    await vi.waitFor(() => expect(twilio.requests).toBeGreaterThanOrEqual(1), { timeout: 60_000, interval: 100 });
    await enqueueMessage(db, { channel: 'sms', to: '+2290197000102', body: 'Pendant la panne', dedupeKey: 'restart:b' });
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;

    const held = await db.selectFrom('outbox_messages').selectAll().where('dedupe_key', '=', 'restart:a').executeTakeFirstOrThrow();
    expect(held).toMatchObject({ status: 'queued', attempts: 1 });
    expect(held.locked_until).not.toBeNull();

    twilio.setMode('ok');
    const app = await buildApp({ config: loadConfig(env), db, logger: false, webDir: dataDir });
    try {
      const worker = app.messages.worker;
      // The queued one goes at once; the one the dead process held waits for its lease to end.
      expect(await worker.runOnce()).toEqual({ sent: 1, failed: 0, retried: 0 });
      expect(await worker.runOnce(new Date(Date.now() + worker.leaseMs + 1000))).toEqual({ sent: 1, failed: 0, retried: 0 });
      expect(await worker.runOnce(new Date(Date.now() + 10 * worker.leaseMs))).toEqual({ sent: 0, failed: 0, retried: 0 });
    } finally {
      await app.close();
    }
    expect(twilio.received.map((m) => m.Body).sort()).toEqual(['Avant le crash', 'Pendant la panne']);
    const rows = await db.selectFrom('outbox_messages').select(['status', 'attempts']).where('dedupe_key', 'like', 'restart:%').execute();
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
  });

  it('is delivered by the running server, which then stops cleanly on SIGTERM', async () => {
    twilio.setMode('ok');
    child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: 'ignore',
    });
    await enqueueMessage(db, { channel: 'sms', to: '+2290197000103', body: 'En marche', dedupeKey: 'restart:c' });
    await vi.waitFor(() => expect(twilio.received.map((m) => m.Body)).toContain('En marche'), { timeout: 60_000, interval: 100 });
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(twilio.received.filter((m) => m.Body === 'En marche')).toHaveLength(1);
  });
});
