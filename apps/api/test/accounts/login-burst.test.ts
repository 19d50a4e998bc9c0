import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisAnswers, TEST_REDIS_URL } from '../helpers/redis';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { seedUser } from '../helpers/users';

// Issue 15, finding 1: 100 simultaneous log-ins for one telephone, 99 wrong and 1 right, were all checked.
// Fired as real parallel HTTP requests against a listening server, with the counters in memory and in Redis.
const LIMIT = 5;
const BURST = 100;
const hasRedis = await redisAnswers();
if (!hasRedis) console.log(`Redis not reachable at ${TEST_REDIS_URL}: the Redis variant of the login burst test is skipped`);

describe.each([
  { counters: 'memory', redisUrl: undefined },
  { counters: 'Redis', redisUrl: hasRedis ? TEST_REDIS_URL : undefined },
])('a parallel burst of log-ins for one telephone ($counters counters)', ({ counters, redisUrl }) => {
  let t: TestApp;
  let base: string;
  const skip = counters === 'Redis' && !redisUrl;
  beforeAll(async () => {
    if (skip) return;
    t = await createTestApp({
      rateLimits: { login: LIMIT, publicForms: 1000 },
      redisUrl,
      redisKeyPrefix: `test:${randomBytes(4).toString('hex')}:`,
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => t?.close());

  it.skipIf(skip)('checks at most the limit of passwords and answers the rest 429', async () => {
    const user = await seedUser(t, 'membre');
    const passwords = Array.from({ length: BURST }, (_, i) => (i === 50 ? user.password : `mauvais-${i}`));
    const statuses = await Promise.all(
      passwords.map(async (password) => {
        const res = await fetch(`${base}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ telephone: user.telephone, password }),
        });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    const count = (status: number) => statuses.filter((s) => s === status).length;
    // Checked = answered 422 (wrong) or 200 (right); everything else was refused before any check.
    expect(count(422) + count(200)).toBeLessThanOrEqual(LIMIT);
    expect(count(422)).toBeGreaterThan(0);
    expect(count(429)).toBe(BURST - count(422) - count(200));
  });
});
