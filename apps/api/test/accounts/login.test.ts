import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, seedUser } from '../helpers/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('POST /api/login', () => {
  it('returns a token and the user for the right telephone and password', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { telephone: ADMIN.telephone, password: ADMIN.password },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toMatch(/^[\w-]{40,}$/);
    expect(body.user).toMatchObject({ role: 'administrateur', first_login: false, name: ADMIN.name, must_change_password: false });
    expect(res.body).not.toContain(ADMIN.password);
    expect(res.body.replaceAll('"must_change_password"', '')).not.toContain('password');
    const stored = await t.db.selectFrom('auth_tokens').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(body.token);
  });

  it('refuses a wrong password with a French 422', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { telephone: ADMIN.telephone, password: 'faux' } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: 'Numéro de téléphone ou mot de passe incorrect.' });
  });

  it('refuses an unconfirmed account with a French 422', async () => {
    const u = await seedUser(t, 'consommateur', { confirmed: false });
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { telephone: u.telephone, password: u.password } });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe("Votre compte n'a pas encore été confirmé par un administrateur.");
  });

  it('answers missing fields with 422 and field errors', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: {} });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(expect.arrayContaining(['telephone', 'password']));
  });
});

describe('POST /api/logout', () => {
  it('revokes the token: reusing it gives 401', async () => {
    const u = await seedUser(t, 'membre');
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(u.token) });
    expect(out.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(u.token) });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toMatch(/connecter/);
  });
});
