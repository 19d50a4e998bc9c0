import type { AddressInfo } from 'node:net';
import { MESSAGES } from '@shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordQueue } from '../../src/platform/lib/passwords';
import { legacyScryptHash } from '../helpers/legacy-scrypt';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { seedUser } from '../helpers/users';

// Argon2id (docs/product/accounts.md "Passwords") and the bounded hashing queue (#15 item 1).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ passwordQueue: { concurrency: 1, maxWaiting: 0 } });
});
afterAll(async () => t.close());

const storedHash = async (id: number) =>
  (await t.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow()).password_hash;
const login = (telephone: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { telephone, password } });

/** Holds the queue's only slot until the returned function is called. */
function holdQueue(): () => void {
  let release!: () => void;
  void passwordQueue.run(() => new Promise<void>((r) => (release = r)));
  return () => release();
}

describe('password storage', () => {
  it('stores a new password as Argon2id', async () => {
    const admin = await login('+22990000001', 'Admin-Mot-De-Passe-1');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { authorization: `Bearer ${admin.json().token}` },
      payload: {
        name: 'Koffi Mensah',
        email: 'koffi.argon@example.bj',
        telephone: '+22961112233',
        password: 'Nouveau-mot-2',
        role: 'consommateur',
        zone: 'Cotonou',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const row = await t.db.selectFrom('users').select('password_hash').where('telephone', '=', '+2290161112233').executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=1024,t=2,p=1\$/);
  });

  it('logs in an account holding a scrypt hash, then stores it as Argon2id', async () => {
    const u = await seedUser(t, 'membre', { password: 'Ancien-mot-1' });
    await t.db
      .updateTable('users')
      .set({ password_hash: await legacyScryptHash('Ancien-mot-1') })
      .where('id', '=', u.id)
      .execute();
    expect(await storedHash(u.id)).toMatch(/^scrypt\$/);

    expect((await login(u.telephone, 'mauvais')).statusCode).toBe(422);
    expect(await storedHash(u.id)).toMatch(/^scrypt\$/); // a wrong password changes nothing

    expect((await login(u.telephone, 'Ancien-mot-1')).statusCode).toBe(200);
    expect(await storedHash(u.id)).toMatch(/^\$argon2id\$/);
    expect((await login(u.telephone, 'Ancien-mot-1')).statusCode).toBe(200);
  });
});

describe('bounded hashing queue', () => {
  it('answers 503 with Retry-After in French when the queue is full — for a wrong password and an unknown telephone alike', async () => {
    const u = await seedUser(t, 'membre');
    const release = holdQueue();
    try {
      for (const telephone of [u.telephone, '+22900000999']) {
        const res = await login(telephone, 'mauvais');
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toMatch(/^\d+$/);
        expect(res.json()).toEqual({ message: MESSAGES.busy });
      }
    } finally {
      release();
    }
    // Once free, both take the same path: one verification, the same 422.
    const wrong = await login(u.telephone, 'mauvais');
    const unknown = await login('+22900000999', 'mauvais');
    expect(wrong.statusCode).toBe(422);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses the overflow of a real parallel burst with 503 instead of queueing it', async () => {
    const burst = await createTestApp({ passwordCost: 19_456, passwordQueue: { concurrency: 1, maxWaiting: 2 } });
    try {
      await burst.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = burst.app.server.address() as AddressInfo;
      const statuses = await Promise.all(
        // One telephone each: the per-telephone bound on concurrent checks (login limits) must not hide the queue.
        Array.from({ length: 30 }, (_, i) =>
          fetch(`http://127.0.0.1:${port}/api/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ telephone: `+2290199${String(i).padStart(6, '0')}`, password: 'mauvais' }),
          }).then((r) => r.status),
        ),
      );
      expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
      // 429: beyond the per-address bound on concurrent checks.
      expect(statuses.every((s) => s === 503 || s === 422 || s === 429)).toBe(true);
    } finally {
      await burst.close();
    }
  });
});
