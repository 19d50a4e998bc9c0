import { ACT_AS_MESSAGES } from '@shared/schemas/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';
import { newUserBody } from './helpers';

// docs/product/accounts.md (issue 25 rows 2 and 3): an act-as token carries who acts into every audit
// entry, cannot escalate, and the adviser's logout revokes it.

let t: TestApp;
let admin: SeededUser;
let adviser: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
  adviser = await seedUser(t, 'conseiller');
});
afterAll(async () => t.close());

const actAs = (token: string, id: number) => t.app.inject({ method: 'POST', url: `/api/users/${id}/act-as`, headers: bearer(token) });

async function created(creator: SeededUser, role = 'consommateur') {
  const body = newUserBody(role);
  const res = await t.app.inject({ method: 'POST', url: '/api/register', headers: bearer(creator.token), payload: body });
  expect(res.statusCode).toBe(201);
  const id = res.json().user.id as number;
  if (creator.role !== 'administrateur')
    await t.app.inject({ method: 'PUT', url: `/api/users/${id}/confirm`, headers: bearer(admin.token) });
  return { id, ...body };
}

describe('act-as tokens carry who acts', () => {
  it('names the acting adviser in the audit entries written with the token (list and CSV)', async () => {
    const u = await created(adviser);
    const token = (await actAs(adviser.token, u.id)).json().token as string;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: bearer(token),
      payload: { name: 'Nouveau Nom Agi', email: u.email, telephone: u.telephone },
    });
    expect(res.statusCode).toBe(200);
    const entry = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'user.profile_update')
      .where('entity_id', '=', String(u.id))
      .executeTakeFirstOrThrow();
    expect(entry.actor_user_id).toBe(u.id);
    expect(entry.acting_user_id).toBe(adviser.id);
    expect(JSON.parse(entry.before_state!)).toEqual({ name: u.name });
    expect(JSON.parse(entry.after_state!)).toEqual({ name: 'Nouveau Nom Agi' });

    const list = await t.app.inject({ method: 'GET', url: '/api/admin/audit?action=user.profile_update', headers: bearer(admin.token) });
    const shown = list.json().find((e: { entity_id: string }) => e.entity_id === String(u.id));
    expect(shown).toMatchObject({ actor_user_id: u.id, acting_user_id: adviser.id, acting_name: adviser.name });
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit?action=user.profile_update&format=csv',
      headers: bearer(admin.token),
    });
    // The author column reads « par <adviser> pour <account> » (shared/audit-words.ts).
    expect(csv.body).toContain(`par ${adviser.name} pour Nouveau Nom Agi`);
  });

  it('leaves acting_user_id empty for the person’s own token', async () => {
    const u = await created(adviser);
    const member = await seedUser(t, 'membre');
    await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: bearer(member.token),
      payload: { name: 'Nom Propre Changé', email: member.email, telephone: member.telephone },
    });
    const entry = await t.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'acting_user_id'])
      .where('action', '=', 'user.profile_update')
      .where('entity_id', '=', String(member.id))
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ actor_user_id: member.id, acting_user_id: null });
    expect(u.id).toBeGreaterThan(0);
  });

  it('cannot mint another act-as token, register users, request recovery codes or change a password (403 French)', async () => {
    const advOfAdmin = await created(admin, 'conseiller');
    const adminActing = (await actAs(admin.token, advOfAdmin.id)).json().token as string;
    // The adviser token obtained by act-as must not act again for the adviser's own accounts.
    const consumer = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: bearer(adviser.token),
      payload: newUserBody('consommateur'),
    });
    const consumerId = consumer.json().user.id as number;
    await t.db.updateTable('users').set({ created_by: advOfAdmin.id, is_confirmed: 1 }).where('id', '=', consumerId).execute();

    const again = await actAs(adminActing, consumerId);
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe(ACT_AS_MESSAGES.notWithActAs);
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: bearer(adminActing),
      payload: newUserBody('consommateur'),
    });
    expect(register.statusCode).toBe(403);
    expect(register.json().message).toBe(ACT_AS_MESSAGES.notWithActAs);
    const code = await t.app.inject({ method: 'POST', url: `/api/users/${consumerId}/password-reset`, headers: bearer(adminActing) });
    expect(code.statusCode).toBe(403);
    expect(code.json().message).toBe(ACT_AS_MESSAGES.notWithActAs);
    const password = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: bearer(adminActing),
      payload: {
        name: advOfAdmin.name,
        email: advOfAdmin.email,
        telephone: advOfAdmin.telephone,
        password: 'Autre-Mot-de-passe-9',
        current_password: advOfAdmin.password,
      },
    });
    expect(password.statusCode).toBe(403);
    expect(password.json().message).toBe(ACT_AS_MESSAGES.notWithActAs);
    expect(await t.db.selectFrom('auth_tokens').select('id').where('user_id', '=', consumerId).execute()).toHaveLength(0);
  });
});

describe('an adviser’s logout', () => {
  it('revokes the act-as tokens they hold, and only theirs', async () => {
    const u = await created(adviser);
    const other = await seedUser(t, 'conseiller');
    const v = await created(other);
    const own = (await actAs(adviser.token, u.id)).json().token as string;
    const others = (await actAs(other.token, v.id)).json().token as string;
    const session = await seedUser(t, 'conseiller', { telephone: undefined });
    expect((await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(own) })).statusCode).toBe(200);

    // The act-as token's own logout does not sign the adviser out.
    const logout = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(adviser.token) });
    expect(logout.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(own) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(others) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(session.token) })).statusCode).toBe(200);
  });
});

describe('an adviser who is an adviser no longer', () => {
  it('loses the act-as tokens obtained before the role change (read and erase with them: 401)', async () => {
    const formerAdviser = await seedUser(t, 'conseiller');
    const u = await created(formerAdviser);
    const token = (await actAs(formerAdviser.token, u.id)).json().token as string;
    expect((await t.app.inject({ url: '/api/profile', headers: bearer(token) })).statusCode).toBe(200);
    const demoted = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${formerAdviser.id}`,
      headers: bearer(admin.token),
      payload: { role: 'membre' },
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect((await t.app.inject({ url: '/api/profile', headers: bearer(token) })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/profile/export', headers: bearer(token) })).statusCode).toBe(401);
  });
});
