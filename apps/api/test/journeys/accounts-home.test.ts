import { PROFILE_MESSAGES } from '@shared/schemas/profile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';
import { newUserBody } from '../accounts/helpers';

// docs/product/accounts.md "Every account has a home" and issue 15 item 5: must_change_password, the current password
// for sensitive profile changes, act-as with its audit entry, the adviser-contact details.

let t: TestApp;
let admin: SeededUser;
let adviser: SeededUser;
let otherAdviser: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
  adviser = await seedUser(t, 'conseiller', { name: 'Rémi Agbo-Dossou', telephone: '+22997112233' });
  otherAdviser = await seedUser(t, 'conseiller_pro');
});
afterAll(async () => t.close());

const login = (telephone: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { telephone, password } });
const profile = (token: string) => t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(token) });
const put = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/profile', headers: bearer(token), payload });
const actAs = (token: string, id: number) => t.app.inject({ method: 'POST', url: `/api/users/${id}/act-as`, headers: bearer(token) });

/** An account created by `creator` through POST /api/register, confirmed by the administrator when needed. */
async function created(creator: SeededUser, role = 'consommateur') {
  const body = newUserBody(role);
  const res = await t.app.inject({ method: 'POST', url: '/api/register', headers: bearer(creator.token), payload: body });
  expect(res.statusCode).toBe(201);
  const id = res.json().user.id as number;
  if (creator.role !== 'administrateur')
    await t.app.inject({ method: 'PUT', url: `/api/users/${id}/confirm`, headers: bearer(admin.token) });
  return { id, ...body };
}

describe('must_change_password', () => {
  it('is true at login and in the profile of an account created by someone else, until it changes its password', async () => {
    const u = await created(adviser);
    const first = await login(u.telephone, u.password);
    expect(first.json().user).toMatchObject({ id: u.id, must_change_password: true, first_login: true });
    const token = first.json().token as string;
    expect((await profile(token)).json().must_change_password).toBe(true);

    const changed = await put(token, {
      name: u.name,
      email: u.email,
      telephone: u.telephone,
      password: 'Mon-Propre-Secret-1',
      current_password: u.password,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().user.must_change_password).toBe(false);
    expect((await profile(token)).json().must_change_password).toBe(false);
    expect((await login(u.telephone, 'Mon-Propre-Secret-1')).json().user.must_change_password).toBe(false);
  });

  it('is false for the first administrator and for an account whose name alone changes', async () => {
    expect((await login(ADMIN.telephone, ADMIN.password)).json().user.must_change_password).toBe(false);
    const u = await created(admin, 'membre');
    const token = (await login(u.telephone, u.password)).json().token as string;
    expect((await put(token, { name: 'Ahouéfa É. Houngbo', email: u.email, telephone: u.telephone })).statusCode).toBe(200);
    expect((await profile(token)).json().must_change_password).toBe(true);
  });
});

describe('PUT /api/profile needs the current password for the password, the telephone and the e-mail', () => {
  it.each([
    ['password', { password: 'Autre-Secret-22' }],
    ['telephone', { telephone: '+22966554433' }],
    ['email', { email: 'nouvelle.adresse@example.bj' }],
  ])('refuses a %s change without it, or with a wrong one, with a French 422 on current_password', async (_field, change) => {
    const u = await seedUser(t, 'sympathisant');
    const base = { name: u.name, email: u.email, telephone: u.telephone };
    const missing = await put(u.token, { ...base, ...change });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ current_password: [PROFILE_MESSAGES.currentPasswordRequired] });
    const wrong = await put(u.token, { ...base, ...change, current_password: 'pas-le-bon' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ current_password: [PROFILE_MESSAGES.currentPasswordWrong] });
    const stored = await t.db
      .selectFrom('users')
      .select(['email', 'telephone', 'password_hash'])
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ email: u.email, telephone: u.telephone });
    expect((await login(u.telephone, u.password)).statusCode).toBe(200);
    const right = await put(u.token, { ...base, ...change, current_password: u.password });
    expect(right.statusCode).toBe(200);
  });

  it('lets the name change alone without it', async () => {
    const u = await seedUser(t, 'membre');
    const res = await put(u.token, { name: "Jean-Baptiste N'Dri", email: u.email, telephone: u.telephone });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.name).toBe("Jean-Baptiste N'Dri");
  });
});

describe('POST /api/users/{id}/act-as', () => {
  it('gives the creating adviser a 2-hour token for the user, without the password, and audits both identities', async () => {
    const u = await created(adviser);
    const res = await actAs(adviser.token, u.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toEqual({ id: u.id, role: 'consommateur', first_login: true, name: u.name, must_change_password: true });
    expect(res.body).not.toContain(u.password);
    const me = await profile(body.token);
    expect(me.json()).toMatchObject({ id: u.id, telephone: u.telephone });

    const tokens = await t.db.selectFrom('auth_tokens').select(['created_at', 'expires_at']).where('user_id', '=', u.id).execute();
    expect(tokens).toHaveLength(1);
    const lifetime = Date.parse(tokens[0]!.expires_at) - Date.parse(tokens[0]!.created_at);
    expect(lifetime).toBe(2 * 3600_000);

    const entry = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'user.act_as')
      .where('entity_id', '=', String(u.id))
      .executeTakeFirstOrThrow();
    expect(entry.actor_user_id).toBe(adviser.id);
    expect(entry.entity).toBe('users');
    expect(JSON.parse(entry.details!)).toMatchObject({
      actor: { id: adviser.id, role: 'conseiller' },
      acting_for: { id: u.id, role: 'consommateur' },
    });
    expect(entry.ip).toBeTruthy();
  });

  it('lets an administrator act for any account but another administrator', async () => {
    const u = await created(otherAdviser, 'prestataire_physique');
    expect((await actAs(admin.token, u.id)).statusCode).toBe(200);
    expect((await actAs(admin.token, adviser.id)).statusCode).toBe(200);
    expect((await actAs(admin.token, admin.id)).statusCode).toBe(403);
  });

  it('refuses another adviser, other roles, no token and an unknown id', async () => {
    const u = await created(adviser);
    expect((await actAs(otherAdviser.token, u.id)).statusCode).toBe(403);
    const member = await seedUser(t, 'membre');
    expect((await actAs(member.token, u.id)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/users/${u.id}/act-as` })).statusCode).toBe(401);
    expect((await actAs(admin.token, 999_999)).statusCode).toBe(404);
    const audits = await t.db
      .selectFrom('audit_log')
      .select('actor_user_id')
      .where('action', '=', 'user.act_as')
      .where('entity_id', '=', String(u.id))
      .execute();
    expect(audits).toEqual([]);
  });

  it('refuses an account that is not yet confirmed with a French 422', async () => {
    const body = newUserBody('consommateur');
    const res = await t.app.inject({ method: 'POST', url: '/api/register', headers: bearer(adviser.token), payload: body });
    const answer = await actAs(adviser.token, res.json().user.id);
    expect(answer.statusCode).toBe(422);
    expect(answer.json().message).toBe("Votre compte n'a pas encore été confirmé par un administrateur.");
  });

  it('keeps the spec login-as with the user password working', async () => {
    const u = await created(adviser);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: bearer(adviser.token),
      payload: { telephone: u.telephone, password: u.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(u.id);
  });
});

describe('GET /api/profile/adviser', () => {
  it('names the adviser who created the account with their telephone, and the association for an account nobody created', async () => {
    const u = await created(adviser);
    const token = (await login(u.telephone, u.password)).json().token as string;
    // The first-password step comes first (docs/product/accounts.md).
    await put(token, {
      name: u.name,
      email: u.email,
      telephone: u.telephone,
      password: 'Mon-Propre-Secret-1',
      current_password: u.password,
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/profile/adviser', headers: bearer(token) });
    expect(res.json()).toEqual({ adviser: { name: 'Rémi Agbo-Dossou', telephone: '+22997112233', role: 'conseiller' } });
    const alone = await t.app.inject({ method: 'GET', url: '/api/profile/adviser', headers: bearer(admin.token) });
    expect(alone.json()).toMatchObject({ adviser: { role: 'association' } });
    expect((await t.app.inject({ method: 'GET', url: '/api/profile/adviser' })).statusCode).toBe(401);
  });
});
