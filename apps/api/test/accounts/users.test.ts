import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markFirstLoginDone } from '../../src/modules/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';
import { expectNoSecrets, newUserBody } from './helpers';

let t: TestApp;
let admin: SeededUser;
let conseiller: SeededUser;
let otherAdviser: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
  conseiller = await seedUser(t, 'conseiller');
  otherAdviser = await seedUser(t, 'conseiller_pro');
});
afterAll(async () => t.close());

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const register = async (token: string, role: string, overrides: Record<string, unknown> = {}) => {
  const body = newUserBody(role, overrides);
  const res = await t.app.inject({ method: 'POST', url: '/api/register', headers: bearer(token), payload: body });
  expect(res.statusCode).toBe(201);
  return { ...body, id: res.json().user.id as number };
};

describe('GET /api/users/created', () => {
  it('lists only the caller’s own created users, newest first, paginated', async () => {
    const a = await register(conseiller.token, 'consommateur');
    const b = await register(conseiller.token, 'prestataire_physique');
    await register(otherAdviser.token, 'consommateur');
    const res = await get('/api/users/created', conseiller.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.json()).toEqual([
      {
        id: b.id,
        name: b.name,
        telephone: b.telephone,
        email: b.email,
        role: 'prestataire_physique',
        zone: 'Porto-Novo',
        is_confirmed: false,
      },
      { id: a.id, name: a.name, telephone: a.telephone, email: a.email, role: 'consommateur', zone: 'Porto-Novo', is_confirmed: false },
    ]);
    expectNoSecrets(res, a.password);
    const page2 = await get('/api/users/created?per_page=1&page=2', conseiller.token);
    expect(page2.json().map((u: { id: number }) => u.id)).toEqual([a.id]);
    expect(page2.headers['x-total-count']).toBe('2');
  });
});

describe('GET /api/usersconseiller/:id', () => {
  it('shows a user to their creator and to administrators only', async () => {
    const created = await register(conseiller.token, 'consommateur', { zone: 'Abomey-Calavi' });
    const expected = {
      id: created.id,
      name: created.name,
      email: created.email,
      telephone: created.telephone,
      role: 'consommateur',
      zone: 'Abomey-Calavi',
    };
    const own = await get(`/api/usersconseiller/${created.id}`, conseiller.token);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual(expected);
    expectNoSecrets(own, created.password);
    expect((await get(`/api/usersconseiller/${created.id}`, admin.token)).json()).toEqual(expected);
    expect((await get(`/api/usersconseiller/${created.id}`, otherAdviser.token)).statusCode).toBe(403);
  });

  it('answers 404 for an unknown user and for a malformed id (one strict id schema: not an id, no resource)', async () => {
    expect((await get('/api/usersconseiller/999999', admin.token)).statusCode).toBe(404);
    expect((await get('/api/usersconseiller/999999', conseiller.token)).statusCode).toBe(404);
    expect((await get('/api/usersconseiller/abc', admin.token)).statusCode).toBe(404);
  });
});

describe('confirmation of accounts', () => {
  it('lists unconfirmed accounts; confirming one lets it log in and removes it from the list', async () => {
    const pending = await register(conseiller.token, 'prestataire_morale');
    const list = await get('/api/confirmation/unconfirmed', admin.token);
    expect(list.statusCode).toBe(200);
    const item = list.json().find((u: { id: number }) => u.id === pending.id);
    expect(item).toEqual({
      id: pending.id,
      name: pending.name,
      email: pending.email,
      telephone: pending.telephone,
      role: 'prestataire_morale',
      zone: 'Porto-Novo',
      created_at: expect.any(String),
    });
    expect(Number(list.headers['x-total-count'])).toBeGreaterThanOrEqual(1);
    expectNoSecrets(list, pending.password);

    const confirm = await t.app.inject({ method: 'PUT', url: `/api/users/${pending.id}/confirm`, headers: bearer(admin.token) });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toEqual({ message: 'Compte confirmé avec succès.' });
    const after = await get('/api/confirmation/unconfirmed', admin.token);
    expect(after.json().some((u: { id: number }) => u.id === pending.id)).toBe(false);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { telephone: pending.telephone, password: pending.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({ id: pending.id, role: 'prestataire_morale', first_login: true });
    const again = await t.app.inject({ method: 'PUT', url: `/api/users/${pending.id}/confirm`, headers: bearer(admin.token) });
    expect(again.statusCode).toBe(200);
  });

  it('answers 404 when confirming an unknown user', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/users/999999/confirm', headers: bearer(admin.token) });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Cet utilisateur n'existe pas.");
  });
});

describe('GET /api/users?role=', () => {
  it('lists the users of one role with the fields of the admin tables, searchable and paginated', async () => {
    const m1 = await register(admin.token, 'membre', { name: 'Zoé Membre Recherchée' });
    const m2 = await register(admin.token, 'membre');
    await register(admin.token, 'sympathisant');
    const res = await get('/api/users?role=membre', admin.token);
    expect(res.statusCode).toBe(200);
    const body = res.json() as Array<Record<string, unknown>>;
    expect(body.every((u) => u.role === 'membre')).toBe(true);
    expect(body[0]).toEqual({
      id: m2.id,
      name: m2.name,
      email: m2.email,
      telephone: m2.telephone,
      zone: 'Porto-Novo',
      role: 'membre',
      created_at: expect.any(String),
      is_active: true,
    });
    expect(res.headers['x-total-count']).toBe(String(body.length));
    expectNoSecrets(res, m1.password);

    const byName = await get('/api/users?role=membre&q=zoé%20membre', admin.token);
    expect(byName.json().map((u: { id: number }) => u.id)).toEqual([m1.id]);
    const byPhone = await get(`/api/users?role=membre&q=${encodeURIComponent(m2.telephone.slice(-6))}`, admin.token);
    expect(byPhone.json().map((u: { id: number }) => u.id)).toEqual([m2.id]);
    const byEmail = await get(`/api/users?role=membre&q=${encodeURIComponent(m1.email.toUpperCase())}`, admin.token);
    expect(byEmail.json().map((u: { id: number }) => u.id)).toEqual([m1.id]);
    const wildcard = await get('/api/users?role=membre&q=%25%25%25', admin.token);
    expect(wildcard.json()).toEqual([]);

    const paged = await get('/api/users?role=membre&per_page=1', admin.token);
    expect(paged.json()).toHaveLength(1);
  });

  it('rejects an unknown role with 422', async () => {
    const res = await get('/api/users?role=roi', admin.token);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.role).toEqual(['Veuillez choisir un rôle valide.']);
  });

  it('uses an index for the role filter', async () => {
    const { sql } = await import('kysely');
    const isPg = t.config.database.dialect === 'postgres';
    const plan = isPg
      ? await sql<Record<string, string>>`explain select id from users where role = 'membre' order by created_at desc limit 20`.execute(
          t.db,
        )
      : await sql<
          Record<string, string>
        >`explain query plan select id from users where role = 'membre' order by created_at desc limit 20`.execute(t.db);
    const text = JSON.stringify(plan.rows);
    if (!isPg) expect(text).toMatch(/users_role_created/);
    else expect(text).toBeTruthy(); // PostgreSQL may prefer a sequential scan on a tiny table.
  });
});

describe('first login', () => {
  it('stays true until markFirstLoginDone, then login says false', async () => {
    const created = await register(admin.token, 'consommateur');
    const login = () =>
      t.app.inject({ method: 'POST', url: '/api/login', payload: { telephone: created.telephone, password: created.password } });
    expect((await login()).json().user.first_login).toBe(true);
    expect((await login()).json().user.first_login).toBe(true);
    await markFirstLoginDone(t.db, created.id);
    expect((await login()).json().user.first_login).toBe(false);
  });

  it('becomes false once the consumer submits /questionnaire', async () => {
    const created = await register(admin.token, 'consommateur');
    const login = () =>
      t.app.inject({ method: 'POST', url: '/api/login', payload: { telephone: created.telephone, password: created.password } });
    const first = await login();
    expect(first.json().user.first_login).toBe(true);
    // The server holds every other route until the account has chosen its own password (docs/product/accounts.md).
    await t.db.updateTable('users').set({ must_change_password: 0 }).where('id', '=', created.id).execute();
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/api/questionnaire',
      headers: bearer(first.json().token),
      payload: {
        marital_status: 'Célibataire',
        job: 'Couturière',
        income: 50000,
        income_total: 60000,
        monthly_expenses: 40000,
        needs: ['Alimentation'],
      },
    });
    expect(submitted.statusCode).toBeLessThan(300);
    expect((await login()).json().user.first_login).toBe(false);
  });
});
