import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, seedUser } from '../helpers/users';

const LIMIT = 3;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: { login: LIMIT, publicForms: 1000 } });
});
afterAll(async () => t.close());

const login = (telephone: string, password: string, ip: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: ip, headers, payload: { telephone, password } });

describe('login abuse', () => {
  it('limits attempts per telephone, whatever the address, with a French 429', async () => {
    const u = await seedUser(t, 'membre');
    for (let i = 0; i < LIMIT; i += 1) expect((await login(u.telephone, 'mauvais', `10.0.1.${i + 1}`)).statusCode).toBe(422);
    const blocked = await login(u.telephone, u.password, '10.0.1.99');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: 'Trop de tentatives. Veuillez patienter avant de réessayer.' });
    // Spacing the telephone differently does not open a new counter.
    const spaced = `${u.telephone.slice(0, 4)} ${u.telephone.slice(4)}`;
    expect((await login(spaced, u.password, '10.0.1.98')).statusCode).toBe(429);
  });

  it('limits attempts per address, whatever the telephone', async () => {
    const ip = '10.0.2.1';
    for (let i = 0; i < LIMIT; i += 1) expect((await login(`+2290000100${i}`, 'mauvais', ip)).statusCode).toBe(422);
    const blocked = await login('+22900001009', 'mauvais', ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Trop de tentatives. Veuillez patienter avant de réessayer.');
    // Another address is not affected.
    expect((await login('+22900001009', 'mauvais', '10.0.2.2')).statusCode).toBe(422);
  });

  it('gives the same answer for an unknown telephone and a wrong password', async () => {
    const u = await seedUser(t, 'membre');
    const wrong = await login(u.telephone, 'mauvais', '10.0.3.1');
    const unknown = await login('+22900009999', 'mauvais', '10.0.3.2');
    expect(wrong.statusCode).toBe(422);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual(wrong.json());
  });
});

describe('POST /api/login with a bearer header (adviser "log in as")', () => {
  it('returns a token for the target account, not the caller', async () => {
    const adviser = await seedUser(t, 'conseiller');
    const target = await seedUser(t, 'consommateur', { createdBy: adviser.id, firstLogin: true });
    const res = await login(target.telephone, target.password, '10.0.4.1', bearer(adviser.token));
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toEqual({
      id: target.id,
      role: 'consommateur',
      first_login: true,
      name: target.name,
      must_change_password: false,
    });
    const profile = await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(res.json().token) });
    expect(profile.json().id).toBe(target.id);
    // The adviser's own session is untouched.
    const own = await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(adviser.token) });
    expect(own.json().id).toBe(adviser.id);
  });

  it('still works with a stale or malformed bearer header', async () => {
    const target = await seedUser(t, 'membre');
    expect((await login(target.telephone, target.password, '10.0.4.2', { authorization: 'Bearer jeton-perime' })).statusCode).toBe(200);
    expect((await login(target.telephone, target.password, '10.0.4.3', { authorization: 'n importe quoi' })).statusCode).toBe(200);
  });
});
