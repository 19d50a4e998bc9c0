import { AUTH_MESSAGES } from '@shared/schemas/auth';
import { USER_ADMIN_MESSAGES } from '@shared/schemas/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';

// docs/product/back-office.md: PATCH /api/users/{id}.

let t: TestApp;
let admin: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
});
afterAll(async () => t.close());

const patch = (id: number, token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: `/api/users/${id}`, headers: bearer(token), payload });
const login = (telephone: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { telephone, password } });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(token) });
const auditOf = (userId: number) =>
  t.db.selectFrom('audit_log').selectAll().where('entity', '=', 'users').where('entity_id', '=', String(userId)).orderBy('id').execute();

describe('PATCH /api/users/{id}', () => {
  it('changes only the fields sent, answers the listed user and audits before and after', async () => {
    const user = await seedUser(t, 'consommateur', { zone: 'Porto-Novo' });
    const res = await patch(user.id, admin.token, { name: 'Afiavi Houngbédji', telephone: '0197112233' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: user.id,
      name: 'Afiavi Houngbédji',
      telephone: '+2290197112233',
      zone: 'Porto-Novo',
      is_active: true,
    });
    const [entry] = await auditOf(user.id);
    expect(entry).toMatchObject({ action: 'user.update', actor_user_id: admin.id });
    expect(JSON.parse(String(entry!.before_state))).toEqual({ name: user.name, telephone: user.telephone });
    expect(JSON.parse(String(entry!.after_state))).toEqual({ name: 'Afiavi Houngbédji', telephone: '+2290197112233' });
  });

  it('is for administrators only, and refuses invalid values and taken identifiers in French', async () => {
    const user = await seedUser(t, 'consommateur');
    const other = await seedUser(t, 'membre');
    const adviser = await seedUser(t, 'conseiller');
    expect((await patch(user.id, adviser.token, { name: 'Koffi Tossou' })).statusCode).toBe(403);
    expect((await patch(user.id, user.token, { is_active: true })).statusCode).toBe(403);
    const bad = await patch(user.id, admin.token, { role: 'roi' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.role).toEqual(['Veuillez choisir un rôle valide.']);
    const taken = await patch(user.id, admin.token, { telephone: other.telephone });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.telephone).toEqual(['Ce numéro de téléphone est déjà utilisé.']);
    expect((await patch(999_999, admin.token, { name: 'Koffi Tossou' })).statusCode).toBe(404);
  });

  it('deactivation refuses login with a French message and revokes tokens; reactivation restores login', async () => {
    const user = await seedUser(t, 'membre');
    expect((await me(user.token)).statusCode).toBe(200);
    const off = await patch(user.id, admin.token, { is_active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().is_active).toBe(false);
    expect((await me(user.token)).statusCode).toBe(401);
    const refused = await login(user.telephone, user.password);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(AUTH_MESSAGES.accountDeactivated);
    const tokens = await t.db.selectFrom('auth_tokens').select('id').where('user_id', '=', user.id).execute();
    expect(tokens).toEqual([]);
    const actAs = await t.app.inject({ method: 'POST', url: `/api/users/${user.id}/act-as`, headers: bearer(admin.token) });
    expect(actAs.statusCode).toBe(422);
    expect(actAs.json().message).toBe(AUTH_MESSAGES.accountDeactivated);

    expect((await patch(user.id, admin.token, { is_active: true })).statusCode).toBe(200);
    expect((await login(user.telephone, user.password)).statusCode).toBe(200);
    expect((await auditOf(user.id)).map((e) => e.action)).toEqual(['user.deactivate', 'user.reactivate']);
  });

  it('lists is_active and the role change in GET /api/users', async () => {
    const user = await seedUser(t, 'consommateur');
    await patch(user.id, admin.token, { role: 'conseiller' });
    const res = await t.app.inject({ method: 'GET', url: '/api/users?role=conseiller&per_page=100', headers: bearer(admin.token) });
    expect(res.json().find((u: { id: number }) => u.id === user.id)).toMatchObject({ role: 'conseiller', is_active: true });
    expect((await auditOf(user.id)).at(-1)?.action).toBe('user.role_change');
  });
});

describe('the last active administrator', () => {
  it('can be neither deactivated nor demoted', async () => {
    const app = await createTestApp();
    try {
      const bootstrap = await app.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { telephone: ADMIN.telephone, password: ADMIN.password },
      });
      const token = bootstrap.json().token as string;
      const adminId = bootstrap.json().user.id as number;
      const second = await seedUser(app, 'administrateur');
      const p = (id: number, payload: Record<string, unknown>) =>
        app.app.inject({ method: 'PATCH', url: `/api/users/${id}`, headers: bearer(token), payload });
      // With two administrators, demoting one is proposed (202) and done when the other approves.
      const proposed = await p(second.id, { role: 'membre' });
      expect(proposed.statusCode).toBe(202);
      const approve = await app.app.inject({
        method: 'POST',
        url: `/api/admin/account-changes/${proposed.json().change_id}/approve`,
        headers: bearer(second.token),
      });
      expect(approve.statusCode, approve.body).toBe(200);
      for (const payload of [{ is_active: false }, { role: 'membre' }]) {
        const res = await p(adminId, payload);
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe(USER_ADMIN_MESSAGES.lastAdministrator);
      }
      // A deactivated administrator does not count as one.
      expect((await p(second.id, { role: 'administrateur', is_active: false })).statusCode).toBe(200);
      expect((await p(adminId, { is_active: false })).statusCode).toBe(409);
    } finally {
      await app.close();
    }
  });

  it('survives two administrators deactivating each other at the same moment', async () => {
    const app = await createTestApp();
    try {
      const a = await seedUser(app, 'administrateur');
      const b = await seedUser(app, 'administrateur');
      // Leave a and b as the only active administrators.
      await app.db
        .updateTable('users')
        .set({ is_active: 0 })
        .where('role', '=', 'administrateur')
        .where('id', 'not in', [a.id, b.id])
        .execute();
      // Each proposes the other's deactivation (made by two), then each approves the other's proposal at once.
      const [pb, pa] = await Promise.all([
        app.app.inject({ method: 'PATCH', url: `/api/users/${b.id}`, headers: bearer(a.token), payload: { is_active: false } }),
        app.app.inject({ method: 'PATCH', url: `/api/users/${a.id}`, headers: bearer(b.token), payload: { is_active: false } }),
      ]);
      expect([pb.statusCode, pa.statusCode]).toEqual([202, 202]);
      const approve = (change: number, by: string) =>
        app.app.inject({ method: 'POST', url: `/api/admin/account-changes/${change}/approve`, headers: bearer(by) });
      const [ab, ba] = await Promise.all([approve(pb.json().change_id, b.token), approve(pa.json().change_id, a.token)]);
      const active = await app.db
        .selectFrom('users')
        .select('id')
        .where('role', '=', 'administrateur')
        .where('is_active', '=', 1)
        .execute();
      expect(active.length).toBe(1);
      // The loser got 409, or 401 when the winner's change had already revoked its token.
      const codes = [ab.statusCode, ba.statusCode].sort();
      expect(codes[0]).toBe(200);
      expect([401, 409]).toContain(codes[1]);
    } finally {
      await app.close();
    }
  });
});
