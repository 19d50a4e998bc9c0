import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';

// docs/product/personal-data.md: acts done with an act-as token (consents, exports, profile deletion) are
// audited with both identities.

let t: TestApp;
let admin: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
});
afterAll(async () => t?.close());

const entries = (action: string) =>
  t.db.selectFrom('audit_log').select(['actor_user_id', 'acting_user_id', 'entity_id']).where('action', '=', action).execute();

describe('personal-data acts through act-as name both identities', () => {
  it('a consent changed and an export made with an act-as token', async () => {
    const body = {
      name: 'Afi Agi',
      telephone: '0196121299',
      email: 'afi.agi@exemple.bj',
      password: 'Mot-De-Passe-2026',
      role: 'consommateur',
      zone: 'Cotonou',
    };
    const created = await t.app.inject({ method: 'POST', url: '/api/register', headers: bearer(admin.token), payload: body });
    expect(created.statusCode).toBe(201);
    const id = created.json().user.id as number;
    const acting = await t.app.inject({ method: 'POST', url: `/api/users/${id}/act-as`, headers: bearer(admin.token) });
    expect(acting.statusCode).toBe(200);
    const token = acting.json().token as string;
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/consents',
      headers: bearer(token),
      payload: { purpose: 'whatsapp', given: true },
    });
    expect(put.statusCode).toBe(200);
    expect(await entries('consent.change')).toEqual([{ actor_user_id: id, acting_user_id: admin.id, entity_id: String(id) }]);
    const zip = await t.app.inject({ method: 'GET', url: '/api/profile/export', headers: bearer(token) });
    expect(zip.statusCode).toBe(200);
    expect(await entries('privacy.export')).toEqual([{ actor_user_id: id, acting_user_id: admin.id, entity_id: String(id) }]);
  });

  it('the person’s own export and erasure are audited by their id, without their address', async () => {
    const member = await seedUser(t, 'membre', { telephone: '+2290196121288', email: 'moi@exemple.bj' });
    await t.app.inject({ method: 'GET', url: '/api/profile/export', headers: bearer(member.token) });
    expect((await entries('privacy.export')).at(-1)).toEqual({
      actor_user_id: member.id,
      acting_user_id: null,
      entity_id: String(member.id),
    });
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/profile',
      headers: bearer(member.token),
      payload: { current_password: member.password },
    });
    expect(del.statusCode).toBe(200);
    const erasure = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'privacy.erasure').executeTakeFirstOrThrow();
    expect(erasure.actor_user_id).toBe(member.id);
    expect(JSON.stringify(erasure)).not.toContain('96121288');
  });
});
