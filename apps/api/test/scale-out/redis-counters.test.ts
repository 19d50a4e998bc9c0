import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import type { DB } from '../../src/platform/database/database';
import { MemoryCounterStore } from '../../src/platform/counters/counter-store';
import { RedisCounterStore } from '../../src/platform/counters/redis-counter-store';
import { ResilientCounterStore } from '../../src/platform/counters/resilient-counter-store';
import { closedPort, redisAnswers, TEST_REDIS_URL } from '../helpers/redis';
import { openSecondConnection } from '../helpers/second-connection';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { seedUser } from '../helpers/users';

// Issue 14, shared counters: with REDIS_URL, rate limits and login lockouts count across processes (two
// products on one database and one Redis); without an answering Redis they fall back to per-process limits.
const hasRedis = await redisAnswers();
if (!hasRedis) console.log(`Redis not reachable at ${TEST_REDIS_URL}: the shared-counter tests are skipped (the outage tests still run)`);

const LIMIT = 3;
const contact = { name: 'Fifamè Houngbo', email: 'fifame@example.bj' };

describe.skipIf(!hasRedis)('RedisCounterStore', () => {
  let redis: Redis;
  let store: RedisCounterStore;
  beforeAll(async () => {
    redis = new Redis(TEST_REDIS_URL, { lazyConnect: true });
    await redis.connect();
    store = new RedisCounterStore(redis, `test:${randomBytes(4).toString('hex')}:`);
  });
  afterAll(async () => redis?.quit());

  it('counts 200 simultaneous increments once each, in one window', async () => {
    const counts = await Promise.all(Array.from({ length: 200 }, () => store.increment('burst', 60_000)));
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    for (const c of counts) expect(c.ttlMs).toBeGreaterThan(0);
    expect((await store.read('burst')).count).toBe(200);
  });

  it('never goes below zero and lengthens a window on demand', async () => {
    await store.increment('down', 60_000);
    await store.decrement('down');
    await store.decrement('down');
    await store.decrement('never-set');
    expect((await store.read('down')).count).toBe(0);
    expect(await store.read('never-set')).toEqual({ count: 0, ttlMs: 0 });
    await store.expireIn('down', 600_000);
    expect((await store.read('down')).ttlMs).toBeGreaterThan(60_000);
  });
});

describe.skipIf(!hasRedis)('two products on one database and one Redis', () => {
  let t: TestApp;
  let otherDb: DB;
  let other: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp({
      rateLimits: { login: LIMIT, publicForms: 2 },
      redisUrl: TEST_REDIS_URL,
      redisKeyPrefix: `test:${randomBytes(4).toString('hex')}:`,
    });
    otherDb = openSecondConnection(t);
    other = await buildApp({ config: t.config, db: otherDb, logger: false, webDir: path.join(t.dataDir, 'no-web') });
    await other.ready();
    for (const app of [t.app, other]) expect((await app.inject({ url: '/api/ready' })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await other?.close();
    await otherDb?.destroy();
    await t?.close();
  });

  it('counts a form rate limit across both', async () => {
    const send = (app: FastifyInstance) => app.inject({ method: 'POST', url: '/api/contact', remoteAddress: '10.1.0.1', payload: contact });
    expect((await send(t.app)).statusCode).not.toBe(429);
    expect((await send(other)).statusCode).not.toBe(429);
    expect((await send(t.app)).statusCode).toBe(429);
    expect((await send(other)).statusCode).toBe(429);
  });

  it('counts login failures across both: a lockout from one holds on the other', async () => {
    const u = await seedUser(t, 'membre');
    const login = (app: FastifyInstance, password: string) =>
      app.inject({ method: 'POST', url: '/api/login', remoteAddress: '10.1.0.2', payload: { telephone: u.telephone, password } });
    expect((await login(t.app, 'mauvais')).statusCode).toBe(422);
    expect((await login(other, 'mauvais')).statusCode).toBe(422);
    expect((await login(t.app, 'mauvais')).statusCode).toBe(422);
    expect((await login(other, u.password)).statusCode).toBe(429);
    expect((await login(t.app, u.password)).statusCode).toBe(429);
    // The owner, from another address, is not locked out.
    const elsewhere = await other.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '10.1.0.3',
      payload: { telephone: u.telephone, password: u.password },
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('is ready when the database and Redis answer', async () => {
    const res = await other.inject({ url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
  });
});

describe('a configured Redis that does not answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: { login: LIMIT, publicForms: 2 }, redisUrl: `redis://127.0.0.1:${await closedPort()}` });
  });
  afterAll(async () => t?.close());

  it('does not stop the start; /api/ready answers 503 naming redis while /api/health stays 200', async () => {
    const ready = await t.app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', failing: ['redis'] });
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  it('counts in memory meanwhile and logs one error for the outage, not one per request', async () => {
    const logged: string[] = [];
    const log = {
      error: (_: unknown, message: string) => logged.push(`error: ${message}`),
      info: (m: string) => logged.push(`info: ${m}`),
    };
    const client = new Redis(`redis://127.0.0.1:${await closedPort()}`, { lazyConnect: true, enableOfflineQueue: false });
    const store = new ResilientCounterStore(new RedisCounterStore(client), new MemoryCounterStore(), log as unknown as FastifyBaseLogger);
    const counts = [];
    for (let i = 0; i < 5; i += 1) counts.push((await store.increment('k', 60_000)).count);
    client.disconnect();
    expect(counts).toEqual([1, 2, 3, 4, 5]);
    expect(store.isDegraded).toBe(true);
    expect(logged).toEqual(['error: Redis unavailable: rate limits and login lockouts counted per process until it answers again']);
  });

  it('neither locks everyone out nor lets everyone through: the limits hold per process', async () => {
    const u = await seedUser(t, 'membre');
    const login = (password: string, ip = '10.2.0.1') =>
      t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: ip, payload: { telephone: u.telephone, password } });
    expect((await login(u.password)).statusCode).toBe(200);
    for (let i = 0; i < LIMIT; i += 1) expect((await login('mauvais')).statusCode).toBe(422);
    expect((await login(u.password)).statusCode).toBe(429);
    expect((await login(u.password, '10.2.0.2')).statusCode).toBe(200);

    const send = () => t.app.inject({ method: 'POST', url: '/api/contact', remoteAddress: '10.2.0.3', payload: contact });
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(429);
  });
});

// A Redis of our own on another port, stopped and started again during the test (never the machine's own).
const redisServer = await new Promise<string | null>((resolve) => {
  const probe = spawn('redis-server', ['--version']);
  probe.on('error', () => resolve(null));
  probe.on('exit', (code) => resolve(code === 0 ? 'redis-server' : null));
});
if (!redisServer) console.log('redis-server is not installed: the Redis restart test is skipped');

describe.skipIf(!redisServer)('a Redis that goes away and comes back', () => {
  let t: TestApp;
  let port: number;
  let server: ChildProcess | undefined;
  const startRedis = async () => {
    server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    for (let i = 0; i < 100 && !(await redisAnswers(`redis://127.0.0.1:${port}`)); i += 1) await new Promise((r) => setTimeout(r, 50));
  };
  const stopRedis = async () => {
    const child = server;
    if (!child || child.exitCode !== null) return;
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGKILL');
    });
  };
  const readyStatus = async (want: number) => {
    let status = 0;
    for (let i = 0; i < 100 && status !== want; i += 1) {
      if (i > 0) await new Promise((r) => setTimeout(r, 100));
      status = (await t.app.inject({ url: '/api/ready' })).statusCode;
    }
    return status;
  };
  beforeAll(async () => {
    port = await closedPort();
    await startRedis();
    t = await createTestApp({ rateLimits: { login: 1000, publicForms: 3 }, redisUrl: `redis://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await t?.close();
    await stopRedis();
  });

  it('falls back to per-process limits while it is down and shares them again once it is back', async () => {
    expect(await readyStatus(200)).toBe(200);
    const send = (ip: string) => t.app.inject({ method: 'POST', url: '/api/contact', remoteAddress: ip, payload: contact });
    expect((await send('10.3.0.1')).statusCode).toBe(200);
    await stopRedis();
    expect(await readyStatus(503)).toBe(503);
    // Counting goes on in memory: the limit still applies.
    for (let i = 0; i < 3; i += 1) expect((await send('10.3.0.2')).statusCode).toBe(200);
    expect((await send('10.3.0.2')).statusCode).toBe(429);
    await startRedis();
    expect(await readyStatus(200)).toBe(200);
    // Back on Redis (emptied by the restart): counted there again.
    const client = new Redis(`redis://127.0.0.1:${port}`);
    expect((await send('10.3.0.4')).statusCode).toBe(200);
    const keys = await client.keys('*10.3.0.4*');
    await client.quit();
    expect(keys.length).toBe(1);
  });
});
