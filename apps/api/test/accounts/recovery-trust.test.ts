import { PASSWORD_RECOVERY_MESSAGES as M } from '@shared/schemas/password-recovery';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_MASK } from '../../src/modules/codes';
import { toE164 } from '../../src/platform/lib/phone';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';
import { lastCode } from '../messages/helpers';

// docs/product/accounts.md (issue 25 rows 1, 4, 8, 9 and the account part of 10; issue 33 item 4).

let t: TestApp;
let admin: SeededUser;
let otherAdmin: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
  otherAdmin = await seedUser(t, 'administrateur');
});
afterAll(async () => t.close());

const forgot = (telephone: string) => t.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { telephone } });
const reset = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/password/reset', payload });
const login = (telephone: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { telephone, password } });
const e164 = (u: { telephone: string }) => toE164(u.telephone)!;
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

describe('row 1: a recovery code is readable only by its recipient', () => {
  it('is masked in the outbox, its list and its CSV export from the moment it is queued', async () => {
    const user = await seedUser(t, 'membre');
    await forgot(user.telephone);
    const code = await lastCode(t.db, e164(user));
    const rows = await t.db
      .selectFrom('outbox_messages')
      .select(['body', 'html'])
      .where('to_address', 'in', [e164(user), user.email])
      .execute();
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      expect(r.body).toContain(CODE_MASK);
      expect(`${r.body}${r.html ?? ''}`).not.toContain(code);
    }
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/messages', headers: bearer(admin.token) });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(CODE_MASK);
    expect(list.body).not.toContain(code);
    const csv = await t.app.inject({ method: 'GET', url: '/api/admin/messages?format=csv', headers: bearer(admin.token) });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain(code);
  });

  it('refuses an administrator a code for another administrator (403 French, nothing sent)', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/users/${otherAdmin.id}/password-reset`, headers: bearer(admin.token) });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(M.notForAdministrator);
    expect(await t.db.selectFrom('one_time_codes').select('id').where('user_id', '=', otherAdmin.id).execute()).toHaveLength(0);
  });
});

describe('row 9: a new code, a reset or any password change voids every live code', () => {
  it('a password change through the profile voids the live recovery code', async () => {
    const user = await seedUser(t, 'membre');
    await forgot(user.telephone);
    const code = await lastCode(t.db, e164(user));
    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: bearer(user.token),
      payload: {
        name: user.name,
        email: user.email,
        telephone: user.telephone,
        password: 'Changé-Moi-2026',
        current_password: user.password,
      },
    });
    expect(change.statusCode).toBe(200);
    const res = await reset({ telephone: user.telephone, code, password: 'Repris-par-code-1' });
    expect(res.statusCode).toBe(422);
    expect((await login(user.telephone, 'Changé-Moi-2026')).statusCode).toBe(200);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'details'])
      .where('action', '=', 'user.password_change')
      .where('entity_id', '=', String(user.id))
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('a reset voids the account’s other live codes (a sign-in code)', async () => {
    const user = await seedUser(t, 'membre');
    const loginCode = await t.app.inject({ method: 'POST', url: '/api/login/code/request', payload: { telephone: user.telephone } });
    expect(loginCode.statusCode).toBeLessThan(300);
    await forgot(user.telephone);
    const code = await lastCode(t.db, e164(user));
    expect((await reset({ telephone: user.telephone, code, password: 'Nouveau-secret-9' })).statusCode).toBe(200);
    const live = await t.db
      .selectFrom('one_time_codes')
      .select('purpose')
      .where('user_id', '=', user.id)
      .where('used_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
  });
});

describe('row 10: resets and who requested the code are audited', () => {
  it('records the code an administrator requested and the reset it served', async () => {
    const user = await seedUser(t, 'membre');
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/users/${user.id}/password-reset`, headers: bearer(admin.token) })).statusCode,
    ).toBe(202);
    const code = await lastCode(t.db, e164(user));
    expect((await reset({ telephone: user.telephone, code, password: 'Nouveau-secret-9' })).statusCode).toBe(200);
    const entry = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'user.password_reset')
      .where('entity_id', '=', String(user.id))
      .executeTakeFirstOrThrow();
    expect(entry.actor_user_id).toBe(user.id);
    expect(JSON.parse(entry.details!)).toMatchObject({ code_requested_by: admin.id });
  });

  it('records administrators’ logins and failed logins, not other roles’', async () => {
    const a = await seedUser(t, 'administrateur');
    const m = await seedUser(t, 'membre');
    expect((await login(a.telephone, 'Pas-le-bon-1')).statusCode).toBe(422);
    expect((await login(a.telephone, a.password)).statusCode).toBe(200);
    expect((await login(m.telephone, m.password)).statusCode).toBe(200);
    expect((await login(m.telephone, 'Pas-le-bon-1')).statusCode).toBe(422);
    const entries = await t.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id'])
      .where('action', 'in', ['user.login', 'user.login_failed'])
      .orderBy('id')
      .execute();
    expect(entries.filter((e) => e.entity_id === String(a.id)).map((e) => e.action)).toEqual(['user.login_failed', 'user.login']);
    expect(entries.filter((e) => e.entity_id === String(m.id))).toEqual([]);
  });

  it('records user.confirm with before and after', async () => {
    const u = await seedUser(t, 'consommateur', { confirmed: false });
    expect((await t.app.inject({ method: 'PUT', url: `/api/users/${u.id}/confirm`, headers: bearer(admin.token) })).statusCode).toBe(200);
    const entry = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'user.confirm')
      .where('entity_id', '=', String(u.id))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.before_state!)).toEqual({ is_confirmed: false });
    expect(JSON.parse(entry.after_state!)).toEqual({ is_confirmed: true });
  });
});

describe('issue 33 item 4: a reset by code ends the first-password step', () => {
  it('answers must_change_password false at the next login', async () => {
    const user = await seedUser(t, 'consommateur');
    await t.db.updateTable('users').set({ must_change_password: 1 }).where('id', '=', user.id).execute();
    await forgot(user.telephone);
    const code = await lastCode(t.db, e164(user));
    expect((await reset({ telephone: user.telephone, code, password: 'Nouveau-secret-9' })).statusCode).toBe(200);
    const res = await login(user.telephone, 'Nouveau-secret-9');
    expect(res.json().user.must_change_password).toBe(false);
  });
});

describe('row 8: wrong tries are counted before the check, atomically', () => {
  it('40 parallel wrong codes leave attempts at most 5, and the right code is void afterwards', async () => {
    const user = await seedUser(t, 'membre');
    await forgot(user.telephone);
    const code = await lastCode(t.db, e164(user));
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => reset({ telephone: user.telephone, code: wrongFor(code), password: 'Nouveau-secret-9' })),
    );
    expect(answers.every((a) => a.statusCode === 422)).toBe(true);
    const row = await t.db
      .selectFrom('one_time_codes')
      .select('attempts')
      .where('user_id', '=', user.id)
      .where('purpose', '=', 'password_reset')
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBeLessThanOrEqual(5);
    expect((await reset({ telephone: user.telephone, code, password: 'Nouveau-secret-9' })).statusCode).toBe(422);
  });
});
