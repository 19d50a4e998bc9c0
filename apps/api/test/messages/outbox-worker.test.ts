import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../src/platform/config';
import { type DB, isPostgres, nowIso } from '../../src/platform/database/database';
import { enqueueMessage } from '../../src/modules/messages/outbox';
import { MessageWorker } from '../../src/modules/messages/worker';
import { openSecondConnection } from '../helpers/second-connection';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { startTwilioStandIn } from './helpers';

// The worker against a loopback stand-in that speaks Twilio's wire format: delivery, retries with backoff,
// the `failed` state, and claims that keep two workers from sending one message twice.

const SID = 'AC0123456789abcdef0123456789abcdef';
const TOKEN = 'secret-auth-token';
let twilio: Awaited<ReturnType<typeof startTwilioStandIn>>;
let t: TestApp;

beforeAll(async () => {
  twilio = await startTwilioStandIn(SID, TOKEN);
  t = await createTestApp({
    messages: {
      sms: { provider: 'twilio', accountSid: SID, authToken: TOKEN, from: 'ASBE', apiBase: twilio.url },
      mailFrom: 'ASBE <no-reply@asbe.bj>',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await twilio?.close();
});
beforeEach(async () => {
  twilio.setMode('ok');
  twilio.received.length = 0;
  // Each test starts from an empty outbox so passes only see its own rows.
  await t.db.deleteFrom('outbox_messages').execute();
});

const worker = () => t.app.messages.worker;
const row = (id: number) => t.db.selectFrom('outbox_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
async function queueSms(to: string, body = 'Bonjour', db: DB = t.db): Promise<number> {
  await enqueueMessage(db, { channel: 'sms', to, body });
  const r = await db
    .selectFrom('outbox_messages')
    .select('id')
    .where('to_address', '=', to)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return r.id;
}

describe('message worker with the Twilio adapter', () => {
  it('sends the site’s typography as GSM characters (one segment), the outbox keeping the text as written', async () => {
    const text = 'ASBE : votre don de 1\u202f000\u00a0FCFA est bien reçu. Merci ! Reçu : https://asbe.example/api/receipts/DON-2026-000009';
    const id = await queueSms('+2290197000009', text);
    await worker().runOnce();
    expect(twilio.received.find((m) => m.To === '+2290197000009')?.Body).toBe(
      'ASBE : votre don de 1 000 FCFA est bien recu. Merci ! Recu : https://asbe.example/api/receipts/DON-2026-000009',
    );
    expect((await row(id)).body).toBe(text);
  });

  it('sends a queued SMS once, in Twilio’s format, and marks it sent', async () => {
    const id = await queueSms('+2290197000001', 'ASBE : test');
    expect(await worker().runOnce()).toEqual({ sent: 1, failed: 0, retried: 0 });
    expect(twilio.received).toEqual([{ To: '+2290197000001', Body: 'ASBE : test', From: 'ASBE', MessagingServiceSid: null }]);
    const sent = await row(id);
    expect(sent.status).toBe('sent');
    expect(sent.attempts).toBe(1);
    expect(sent.sent_at).not.toBeNull();
    expect(sent.locked_until).toBeNull();
    expect(await worker().runOnce()).toEqual({ sent: 0, failed: 0, retried: 0 });
    expect(twilio.received).toHaveLength(1);
  });

  it('retries with exponential backoff while the provider is down, then sends once it is back', async () => {
    twilio.setMode('unavailable');
    const id = await queueSms('+2290197000002');
    const start = new Date();
    expect(await worker().runOnce(start)).toEqual({ sent: 0, failed: 0, retried: 1 });
    let r = await row(id);
    expect(r.status).toBe('queued');
    expect(r.attempts).toBe(1);
    expect(r.last_error).toMatch(/Twilio.*503|HTTP 503|20500/);
    expect(new Date(r.next_attempt_at).getTime()).toBe(start.getTime() + worker().retryDelayMs(1));
    // Not due yet: nothing is tried.
    expect(await worker().runOnce(start)).toEqual({ sent: 0, failed: 0, retried: 0 });
    const second = new Date(start.getTime() + worker().retryDelayMs(1));
    await worker().runOnce(second);
    r = await row(id);
    expect(r.attempts).toBe(2);
    expect(new Date(r.next_attempt_at).getTime()).toBe(second.getTime() + worker().retryDelayMs(2));
    expect(worker().retryDelayMs(2)).toBe(2 * worker().retryDelayMs(1));
    twilio.setMode('ok');
    await worker().runOnce(new Date(second.getTime() + worker().retryDelayMs(2)));
    r = await row(id);
    expect(r.status).toBe('sent');
    expect(r.last_error).toBeNull();
    expect(twilio.received).toHaveLength(1);
  });

  it('stays failed, with the last error kept, after the last try', async () => {
    twilio.setMode('unavailable');
    const id = await queueSms('+2290197000003');
    let now = new Date();
    for (let attempt = 1; attempt <= worker().maxAttempts; attempt += 1) {
      await worker().runOnce(now);
      now = new Date(now.getTime() + worker().retryDelayMs(attempt));
    }
    const r = await row(id);
    expect(r.status).toBe('failed');
    expect(r.attempts).toBe(worker().maxAttempts);
    expect(r.last_error).toMatch(/503|20500/);
    twilio.setMode('ok');
    expect(await worker().runOnce(new Date(now.getTime() + 86_400_000))).toEqual({ sent: 0, failed: 0, retried: 0 });
    expect(twilio.received).toHaveLength(0);
  });

  it('gives up at once when Twilio refuses the number (a permanent error)', async () => {
    twilio.setMode('invalid-number');
    const id = await queueSms('+2290197000004');
    expect(await worker().runOnce()).toEqual({ sent: 0, failed: 1, retried: 0 });
    const r = await row(id);
    expect(r.status).toBe('failed');
    expect(r.last_error).toContain('21211');
  });

  it('never lets two workers send the same message (exactly once under concurrent passes)', async () => {
    const second = openSecondConnection(t);
    try {
      const other = new MessageWorker({ db: second, sms: t.app.messages.sms, email: t.app.messages.email, batchSize: 7 });
      const mine = new MessageWorker({ db: t.db, sms: t.app.messages.sms, email: t.app.messages.email, batchSize: 7 });
      const numbers = Array.from({ length: 60 }, (_, i) => `+22901970${String(i).padStart(5, '0')}`);
      for (const n of numbers) await queueSms(n);
      const results = await Promise.all([mine.runOnce(), other.runOnce(), mine.runOnce(), other.runOnce()]);
      expect(results.reduce((s, r) => s + r.sent, 0)).toBe(60);
      // Both workers took part when the database lets them run side by side.
      if (isPostgres(t.db)) expect(results.filter((r) => r.sent > 0).length).toBeGreaterThan(1);
      expect(twilio.received.map((m) => m.To).sort()).toEqual([...numbers].sort());
      const statuses = await t.db.selectFrom('outbox_messages').select(['status', 'attempts']).execute();
      expect(statuses.every((s) => s.status === 'sent' && s.attempts === 1)).toBe(true);
    } finally {
      await second.destroy();
    }
  });

  it('skips a row another worker holds until its lease ends', async () => {
    const id = await queueSms('+2290197000005');
    const future = new Date(Date.now() + 60_000).toISOString();
    await t.db.updateTable('outbox_messages').set({ locked_until: future, updated_at: nowIso() }).where('id', '=', id).execute();
    expect(await worker().runOnce()).toEqual({ sent: 0, failed: 0, retried: 0 });
    expect(await worker().runOnce(new Date(Date.now() + 61_000))).toEqual({ sent: 1, failed: 0, retried: 0 });
  });
});

describe('worker lifecycle', () => {
  it('runs in the background when the app is started with it, and stops with the app', async () => {
    const started = await createTestApp({
      messages: { sms: { provider: 'twilio', accountSid: SID, authToken: TOKEN, from: 'MG0123', apiBase: twilio.url }, mailFrom: 'a@b.bj' },
    });
    try {
      await started.app.close();
      // A fresh app on the same database, this time with the worker started.
      const { buildApp } = await import('../../src/app');
      const app = await buildApp({
        config: started.config,
        db: started.db,
        logger: false,
        startMessageWorker: true,
        webDir: started.dataDir,
      });
      await enqueueMessage(started.db, { channel: 'sms', to: '+2290197000006', body: 'Arrière-plan' });
      await app.ready();
      await vi.waitFor(() => expect(twilio.received.map((m) => m.To)).toContain('+2290197000006'), { timeout: 20_000, interval: 50 });
      expect(twilio.received.find((m) => m.To === '+2290197000006')?.MessagingServiceSid).toBe('MG0123');
      await app.close();
    } finally {
      await started.db.destroy();
    }
  });
});

describe('shutdown', () => {
  it('finishes the send in flight and hands the rest of its batch back for the next pass', async () => {
    for (const n of ['+2290197000201', '+2290197000202', '+2290197000203']) await queueSms(n);
    const sent: string[] = [];
    let stopping: Promise<void> | undefined;
    const closing: MessageWorker = new MessageWorker({
      db: t.db,
      email: t.app.messages.email,
      // The provider's answer to the first message arrives while the process is asked to stop (SIGTERM).
      sms: {
        name: 'stand-in',
        send: async (m) => {
          stopping ??= closing.stop();
          sent.push(m.to);
        },
      },
    });
    expect(await closing.runOnce()).toEqual({ sent: 1, failed: 0, retried: 0 });
    await stopping;
    expect(sent).toEqual(['+2290197000201']);
    const rest = await t.db.selectFrom('outbox_messages').selectAll().where('status', '=', 'queued').orderBy('id').execute();
    expect(rest.map((r) => [r.to_address, r.attempts, r.locked_until])).toEqual([
      ['+2290197000202', 0, null],
      ['+2290197000203', 0, null],
    ]);
    expect(await worker().runOnce()).toEqual({ sent: 2, failed: 0, retried: 0 });
  });

  it('queues SMS to the E.164 form of whatever spelling the caller had', async () => {
    await enqueueMessage(t.db, { channel: 'sms', to: '97 00 03 01', body: 'x' });
    const [row] = await t.db.selectFrom('outbox_messages').select('to_address').execute();
    expect(row!.to_address).toBe('+2290197000301');
  });
});

describe('message configuration', () => {
  const fails = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error('configuration accepted');
  };

  it('defaults to the outbox SMS provider, no SMTP and the default sender', () => {
    expect(loadConfig({}).messages).toEqual({ sms: { provider: 'outbox' }, smtpUrl: undefined, mailFrom: 'ASBE <no-reply@localhost>' });
  });

  it('stops the start naming the variable that is wrong', () => {
    expect(fails({ SMS_PROVIDER: 'pigeon' })).toContain('SMS_PROVIDER');
    expect(fails({ SMS_PROVIDER: 'twilio' })).toContain('TWILIO_ACCOUNT_SID');
    expect(fails({ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 'x' })).toContain('TWILIO_FROM');
    expect(fails({ SMTP_URL: 'http://mail.example.bj' })).toContain('SMTP_URL');
    expect(fails({ MAIL_FROM: 'pas une adresse' })).toContain('MAIL_FROM');
  });

  it('reads the Twilio settings', () => {
    const config = loadConfig({
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 'x',
      TWILIO_FROM: 'ASBE',
      SMTP_URL: 'smtps://u:p@mail.example.bj:465',
    });
    expect(config.messages.sms).toEqual({
      provider: 'twilio',
      accountSid: 'AC1',
      authToken: 'x',
      from: 'ASBE',
      apiBase: 'https://api.twilio.com',
    });
    expect(config.messages.smtpUrl).toBe('smtps://u:p@mail.example.bj:465');
  });
});
