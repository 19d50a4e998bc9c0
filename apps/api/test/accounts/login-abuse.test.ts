import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, seedUser } from '../helpers/users';

const LIMIT = 3;
const ADDRESS_CEILING = 5;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: { login: LIMIT, loginPerAddress: ADDRESS_CEILING, publicForms: 1000 } });
});
afterAll(async () => t.close());

const login = (telephone: string, password: string, ip: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: ip, headers, payload: { telephone, password } });

describe('login abuse', () => {
  it('locks a (telephone, address) pair after the limit with a French 429, counting spaced telephones as one', async () => {
    const u = await seedUser(t, 'membre');
    for (let i = 0; i < LIMIT; i += 1) expect((await login(u.telephone, 'mauvais', '10.0.1.1')).statusCode).toBe(422);
    const blocked = await login(u.telephone, u.password, '10.0.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: 'Trop de tentatives. Veuillez patienter avant de réessayer.' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Spacing the telephone differently does not open a new counter.
    const spaced = `${u.telephone.slice(0, 4)} ${u.telephone.slice(4)}`;
    expect((await login(spaced, u.password, '10.0.1.1')).statusCode).toBe(429);
  });

  it('never refuses the right password to the owner elsewhere while a stranger is guessing (issue 15, finding 3)', async () => {
    const admin = await seedUser(t, 'administrateur');
    // The stranger keeps guessing from one address and stays locked out …
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < LIMIT; i += 1) await login(admin.telephone, 'mauvais', '10.0.5.66');
      expect((await login(admin.telephone, 'mauvais', '10.0.5.66')).statusCode).toBe(429);
      // … while the administrator logs in from their own address every time.
      expect((await login(admin.telephone, admin.password, '10.0.5.1')).statusCode).toBe(200);
    }
    // Guesses from a second address lock only that address too.
    for (let i = 0; i < LIMIT; i += 1) expect((await login(admin.telephone, 'mauvais', '10.0.5.67')).statusCode).toBe(422);
    expect((await login(admin.telephone, admin.password, '10.0.5.67')).statusCode).toBe(429);
    expect((await login(admin.telephone, admin.password, '10.0.5.2')).statusCode).toBe(200);
  });

  it('one account guessed from a shared address does not lock the other accounts behind it', async () => {
    const carrier = '10.0.2.1';
    const victim = await seedUser(t, 'membre');
    const neighbour = await seedUser(t, 'membre');
    for (let i = 0; i < LIMIT; i += 1) expect((await login(victim.telephone, 'mauvais', carrier)).statusCode).toBe(422);
    expect((await login(victim.telephone, victim.password, carrier)).statusCode).toBe(429);
    expect((await login(neighbour.telephone, neighbour.password, carrier)).statusCode).toBe(200);
  });

  it('past the address ceiling, telephones already missed from it are locked for it, other accounts still log in', async () => {
    const ip = '10.0.6.1';
    // ADDRESS_CEILING wrong passwords on as many telephones: the address now counts as attacking.
    for (let i = 0; i < ADDRESS_CEILING; i += 1) expect((await login(`+2290000600${i}`, 'mauvais', ip)).statusCode).toBe(422);
    // A telephone it already got wrong is refused at once (below the per-pair limit) …
    expect((await login('+22900006000', 'mauvais', ip)).statusCode).toBe(429);
    // … a new one gets a single check …
    expect((await login('+22900006099', 'mauvais', ip)).statusCode).toBe(422);
    expect((await login('+22900006099', 'mauvais', ip)).statusCode).toBe(429);
    // … and an account never attacked from that address logs in with its right password.
    const member = await seedUser(t, 'membre');
    expect((await login(member.telephone, member.password, ip)).statusCode).toBe(200);
    // Another address is not affected.
    expect((await login('+22900006000', 'mauvais', '10.0.6.2')).statusCode).toBe(422);
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
