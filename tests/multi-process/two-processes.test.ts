import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DB } from '../../apps/api/src/platform/database/database';
import { enqueueMessage } from '../../apps/api/src/modules/messages/outbox';
import { toE164 } from '../../apps/api/src/platform/lib/phone';
import { queueDueReminders } from '../../apps/api/src/modules/membership/reminders';
import { insertUser } from '../../apps/api/test/helpers/insert-user';
import { redisAnswers } from '../../apps/api/test/helpers/redis';
import { startTwilioStandIn } from '../../apps/api/test/messages/helpers';
import { type S3StandIn, startS3StandIn } from '../../apps/api/test/helpers/s3-stand-in';
import { makeDocx, makePdf, makePng } from '../../apps/api/test/public-site/fixtures';
import { BENCH_ADMIN } from '../../scripts/bench/lib/product.mjs';
import { reliabilityBuild, removeDir, scratchDataDir, startProduct } from '../reliability/helpers';

// Issue 14, "Done when": two product processes on one PostgreSQL database, one Redis and one S3 stand-in; whichever
// process answers, a token, an upload, a login lockout and a form rate limit are the same, and the background
// work (the outbox worker of each process, the reminder pass) sends each message once.
const PG_SERVER = process.env.MULTI_PROCESS_PG ?? 'postgres://postgres@127.0.0.1:5432';
const REDIS_URL = process.env.MULTI_PROCESS_REDIS ?? 'redis://127.0.0.1:6379';

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: `${PG_SERVER}/postgres`, connectionTimeoutMillis: 2000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}
const missing = [
  !(await postgresAnswers()) && `PostgreSQL (${PG_SERVER})`,
  !(await redisAnswers(REDIS_URL)) && `Redis (${REDIS_URL})`,
].filter(Boolean);
if (missing.length > 0) console.log(`Two-process test skipped: ${missing.join(' and ')} not reachable on 127.0.0.1`);

type Product = Awaited<ReturnType<typeof startProduct>>;
const LOGIN_LIMIT = 3;
const FORM_LIMIT = 2;
const BUCKET = 'asbe-multi';

describe.skipIf(missing.length > 0)('two product processes behind one load balancer', () => {
  const database = `asbe_mp_${randomBytes(5).toString('hex')}`;
  const dataDirs: string[] = [];
  let s3: S3StandIn;
  let twilio: Awaited<ReturnType<typeof startTwilioStandIn>>;
  let a: Product;
  let b: Product;
  let client = 0;
  // Each scenario speaks from its own client address, passed by the "load balancer" (TRUST_PROXY=1).
  const from = () => `198.51.100.${++client}`;
  const call = (p: Product, path: string, init: RequestInit & { ip: string; token?: string; json?: unknown }) =>
    fetch(p.url + path, {
      ...init,
      headers: {
        'x-forwarded-for': init.ip,
        ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    });
  const login = async (p: Product, telephone: string, password: string, ip: string) => {
    const res = await call(p, '/api/login', { method: 'POST', ip, json: { telephone, password } });
    return { status: res.status, body: (await res.json()) as { token?: string } };
  };

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: `${PG_SERVER}/postgres` });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    const started = await startS3StandIn([BUCKET]);
    if ('unavailable' in started) throw new Error(started.unavailable);
    s3 = started;
    twilio = await startTwilioStandIn('AC-multi', 'secret-multi');
    const buildDir = reliabilityBuild();
    const env = {
      DATABASE_URL: `${PG_SERVER}/${database}`,
      REDIS_URL,
      REDIS_KEY_PREFIX: `mp-${database}:`,
      ...s3.env(BUCKET, 'uploads'),
      TRUST_PROXY: '1',
      // Volunteer documents are encrypted at rest: processes behind one balancer share one configured key
      // (docs/decisions/encryption-at-rest.md); each would otherwise make its own in its data folder.
      DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      RATE_LIMIT_LOGIN: String(LOGIN_LIMIT),
      RATE_LIMIT_FORMS: String(FORM_LIMIT),
      LOG_LEVEL: 'error',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC-multi',
      TWILIO_AUTH_TOKEN: 'secret-multi',
      TWILIO_FROM: '+15005550006',
      TWILIO_API_BASE: twilio.url,
    };
    // Both start at once on the empty database: the migrations run once, under the lock.
    for (let i = 0; i < 2; i += 1) dataDirs.push(scratchDataDir(`multi-${i}`));
    [a, b] = (await Promise.all(dataDirs.map((dataDir) => startProduct({ buildDir, dataDir, env, timeoutMs: 60_000 })))) as [
      Product,
      Product,
    ];
  }, 600_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await s3?.close();
    await twilio?.close();
    for (const dir of dataDirs) removeDir(dir);
    const admin = new pg.Client({ connectionString: `${PG_SERVER}/postgres` });
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  });

  it('both are ready', async () => {
    for (const p of [a, b]) {
      const res = await fetch(`${p.url}/api/ready`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ready' });
    }
  });

  it('a token issued by one works on the other, and logout on one revokes it for both', async () => {
    const ip = from();
    const { status, body } = await login(a, BENCH_ADMIN.telephone, BENCH_ADMIN.password, ip);
    expect(status).toBe(200);
    const token = body.token!;
    expect((await call(b, '/api/profile', { ip, token })).status).toBe(200);
    expect((await call(b, '/api/logout', { method: 'POST', ip, token })).status).toBe(200);
    expect((await call(a, '/api/profile', { ip, token })).status).toBe(401);
    expect((await call(b, '/api/profile', { ip, token })).status).toBe(401);
  });

  it('an upload through one is served by the other', async () => {
    const ip = from();
    const form = new FormData();
    const email = `multi.${database}@example.bj`;
    for (const [k, v] of Object.entries({ name: 'Kossi Mensah', email, domain: 'education', under_restriction: '0' })) form.append(k, v);
    const cv = makePdf(2048);
    form.append('profile_image', new Blob([new Uint8Array(makePng())], { type: 'image/png' }), 'moi.png');
    form.append('cv', new Blob([new Uint8Array(cv)], { type: 'application/pdf' }), 'cv.pdf');
    form.append('motivation_letter', new Blob([new Uint8Array(makeDocx())]), 'lettre.docx');
    form.append('criminal_record', new Blob([new Uint8Array(makePdf())], { type: 'application/pdf' }), 'casier.pdf');
    expect((await call(a, '/api/volunteers', { method: 'POST', ip, body: form })).status).toBe(201);
    const { body } = await login(b, BENCH_ADMIN.telephone, BENCH_ADMIN.password, ip);
    const list = (await (await call(b, '/api/volunteers/unconfirmed', { ip, token: body.token })).json()) as Array<{
      email: string;
      cv: string;
    }>;
    const mine = list.find((v) => v.email === email)!;
    const download = await call(b, `/api/download/cv/${mine.cv}`, { ip, token: body.token });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(cv)).toBe(true);
  });

  it('a login lockout counts across both', async () => {
    const ip = from();
    for (const p of [a, b, a]) expect((await login(p, BENCH_ADMIN.telephone, 'mauvais-mot-de-passe', ip)).status).toBe(422);
    expect((await login(b, BENCH_ADMIN.telephone, BENCH_ADMIN.password, ip)).status).toBe(429);
    expect((await login(a, BENCH_ADMIN.telephone, BENCH_ADMIN.password, ip)).status).toBe(429);
    // The owner, from another address, is not locked out.
    expect((await login(b, BENCH_ADMIN.telephone, BENCH_ADMIN.password, from())).status).toBe(200);
  });

  it('a form rate limit counts across both', async () => {
    const ip = from();
    const contact = { name: 'Fifamè Houngbo', email: 'fifame@example.bj' };
    expect((await call(a, '/api/contact', { method: 'POST', ip, json: contact })).status).toBe(200);
    expect((await call(b, '/api/contact', { method: 'POST', ip, json: contact })).status).toBe(200);
    expect((await call(a, '/api/contact', { method: 'POST', ip, json: contact })).status).toBe(429);
    expect((await call(b, '/api/contact', { method: 'POST', ip, json: contact })).status).toBe(429);
  });

  it('a queued message and a due reminder are sent exactly once with the workers of both processes running', async () => {
    const url = `${PG_SERVER}/${database}`;
    // Two more connection pools: the reminder pass as two processes run it, at the same moment.
    const pools: DB[] = [createDatabase({ dialect: 'postgres', url }), createDatabase({ dialect: 'postgres', url })];
    try {
      const numbers = Array.from({ length: 20 }, (_, i) => `+2290197${String(i).padStart(4, '0')}`);
      for (const to of numbers) await enqueueMessage(pools[0]!, { channel: 'sms', to, body: `Message pour ${to}` });
      const member = await insertUser(pools[0]!, 'membre', { name: 'Afi Rappel' }, { passwordCost: 8192, uniqueSeed: 4242 });
      const inSevenDays = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
      await pools[0]!
        .insertInto('memberships')
        .values({ user_id: member.id, valid_until: inSevenDays, updated_at: new Date().toISOString() })
        .execute();
      await Promise.all(pools.map((db) => queueDueReminders(db, 'https://asso.example.bj')));

      // Sent as E.164 (the 10-digit Benin numbering).
      const expected = [...numbers, member.telephone].map((n) => toE164(n)!);
      const deadline = Date.now() + 90_000;
      while (Date.now() < deadline && !expected.every((to) => twilio.received.some((m) => m.To === to))) {
        await new Promise((r) => setTimeout(r, 250));
      }
      // One more worker tick on each side: nothing may arrive twice.
      await new Promise((r) => setTimeout(r, 4500));
      const times = (to: string) => twilio.received.filter((m) => m.To === to).length;
      expect(expected.map(times)).toEqual(expected.map(() => 1));
      expect(twilio.received.find((m) => m.To === toE164(member.telephone))!.Body).toMatch(/votre adhésion prend fin le/);
    } finally {
      await Promise.all(pools.map((db) => db.destroy()));
    }
  });
});
