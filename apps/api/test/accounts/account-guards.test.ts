import { AUTH_MESSAGES } from '@shared/schemas/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';

// docs/product/accounts.md, issue 25 rows 15 and 16: the adviser-contact page never names an
// administrator, and must_change_password is enforced by the server.

let t: TestApp;
let admin: SeededUser;
let adviser: SeededUser;
beforeAll(async () => {
  t = await createTestApp({ organisation: { name: 'ASBE Test', telephone: '+229 01 21 00 00 00' } });
  admin = await seedUser(t, 'administrateur');
  adviser = await seedUser(t, 'conseiller', { name: 'Rémi Conseiller' });
});
afterAll(async () => t.close());

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

describe('row 15: GET /api/profile/adviser', () => {
  it('names the adviser who created the account', async () => {
    const u = await seedUser(t, 'consommateur', { createdBy: adviser.id });
    const res = await get('/api/profile/adviser', u.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().adviser).toMatchObject({ name: 'Rémi Conseiller', telephone: adviser.telephone, role: 'conseiller' });
  });

  it('answers the association’s public contact, never the administrator, when an administrator created the account', async () => {
    const u = await seedUser(t, 'consommateur', { createdBy: admin.id });
    const res = await get('/api/profile/adviser', u.token);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(admin.telephone);
    expect(res.body).not.toContain(admin.name);
    expect(res.json().adviser).toMatchObject({ name: 'ASBE Test', telephone: '+229 01 21 00 00 00', role: 'association' });
  });

  it('answers the association’s contact when nobody created the account', async () => {
    const u = await seedUser(t, 'membre');
    expect((await get('/api/profile/adviser', u.token)).json().adviser).toMatchObject({ role: 'association' });
  });
});

describe('row 16: must_change_password is enforced by the server', () => {
  it('lets such a token read its profile, change its password and log out, and refuses anything else (403 French)', async () => {
    const u = await seedUser(t, 'administrateur');
    await t.db.updateTable('users').set({ must_change_password: 1 }).where('id', '=', u.id).execute();
    const users = await get('/api/users', u.token);
    expect(users.statusCode).toBe(403);
    expect(users.json().message).toBe(AUTH_MESSAGES.mustChangePassword);
    expect((await get('/api/admin/audit', u.token)).statusCode).toBe(403);
    expect((await get('/api/profile', u.token)).statusCode).toBe(200);
    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: bearer(u.token),
      payload: { name: u.name, email: u.email, telephone: u.telephone, password: 'Mon-Propre-Secret-1', current_password: u.password },
    });
    expect(change.statusCode).toBe(200);
    expect((await get('/api/users', u.token)).statusCode).toBe(200);
  });

  it('lets such a token log out', async () => {
    const u = await seedUser(t, 'membre');
    await t.db.updateTable('users').set({ must_change_password: 1 }).where('id', '=', u.id).execute();
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(u.token) })).statusCode).toBe(200);
  });

  it('does not stop an adviser acting for an account that has not chosen its password yet', async () => {
    const u = await seedUser(t, 'consommateur', { createdBy: adviser.id });
    await t.db.updateTable('users').set({ must_change_password: 1 }).where('id', '=', u.id).execute();
    const acting = await t.app.inject({ method: 'POST', url: `/api/users/${u.id}/act-as`, headers: bearer(adviser.token) });
    expect(acting.statusCode).toBe(200);
    expect((await get('/api/profile/adviser', acting.json().token)).statusCode).toBe(200);
  });
});
