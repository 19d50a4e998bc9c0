import { PASSWORD_RECOVERY_MESSAGES as M } from '@shared/schemas/password-recovery';
import { openText } from '../../src/platform/storage/sealed-text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toE164 } from '../../src/platform/lib/phone';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';
import { lastCode, outboxTo } from './helpers';

let t: TestApp;
let admin: SeededUser;
let adviser: SeededUser;
let otherAdviser: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
  adviser = await seedUser(t, 'conseiller');
  otherAdviser = await seedUser(t, 'conseiller_pro');
});
afterAll(async () => t.close());

const forgot = (telephone: unknown) => t.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { telephone } });
const reset = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/password/reset', payload });
const login = (telephone: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { telephone, password } });
const e164 = (u: { telephone: string }) => toE164(u.telephone)!;

/** Moves every code of a user back in time (expiry and the hourly window are measured from created_at). */
const age = (userId: number, minutes: number) =>
  t.db
    .updateTable('one_time_codes')
    .set({
      created_at: new Date(Date.now() - minutes * 60_000).toISOString(),
      expires_at: new Date(Date.now() - (minutes - 15) * 60_000).toISOString(),
    })
    .where('user_id', '=', userId)
    .execute();

describe('POST /api/password/forgot', () => {
  it('answers 202 with the same message whether or not an account has the telephone', async () => {
    const user = await seedUser(t, 'membre');
    const known = await forgot(user.telephone);
    const unknown = await forgot('+22901999999');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual({ message: M.codeSent });
    expect(unknown.json()).toEqual(known.json());
    expect(await outboxTo(t.db, '+2290199999999')).toHaveLength(0);
    const sms = (await outboxTo(t.db, e164(user))).filter((r) => r.channel === 'sms');
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toMatch(/^ASBE\u00a0: votre code de réinitialisation est ••••••\. Il est valable 15 minutes\./);
    expect(openText(sms[0]!.secret)).toMatch(/^\d{6}$/);
    expect(sms[0]!.body.length).toBeLessThanOrEqual(300);
    // The account has an e-mail: the code goes there too.
    const mail = await outboxTo(t.db, user.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Votre code de réinitialisation ASBE');
    expect(mail[0]!.html).toContain('<html lang="fr">');
  });

  it('finds the account whatever spelling of the number is typed (old 8 digits, 01…, +229)', async () => {
    const user = await seedUser(t, 'membre', { telephone: '0161234567' });
    expect((await forgot('61 23 45 67')).statusCode).toBe(202);
    expect((await forgot('+229 01 61 23 45 67')).statusCode).toBe(202);
    expect((await outboxTo(t.db, '+2290161234567')).filter((r) => r.channel === 'sms')).toHaveLength(2);
    expect(user.id).toBeGreaterThan(0);
  });

  it('sends nothing to an unconfirmed account, and still answers 202', async () => {
    const user = await seedUser(t, 'consommateur', { confirmed: false });
    const res = await forgot(user.telephone);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: M.codeSent });
    expect(await outboxTo(t.db, e164(user))).toHaveLength(0);
  });

  it('sends at most 3 codes per telephone per hour, then again after the hour', async () => {
    const user = await seedUser(t, 'membre');
    for (let i = 0; i < 5; i += 1) expect((await forgot(user.telephone)).statusCode).toBe(202);
    expect((await outboxTo(t.db, e164(user))).filter((r) => r.channel === 'sms')).toHaveLength(3);
    await age(user.id, 61);
    await forgot(user.telephone);
    expect((await outboxTo(t.db, e164(user))).filter((r) => r.channel === 'sms')).toHaveLength(4);
  });

  it('refuses a missing telephone with a French 422', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/password/forgot', payload: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.telephone).toEqual([M.telephoneRequired]);
  });
});

describe('POST /api/password/reset', () => {
  it('sets the new password with the code, revokes every token, and the code works once', async () => {
    const user = await seedUser(t, 'membre');
    expect((await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(user.token) })).statusCode).toBe(200);
    await forgot(user.telephone);
    const code = await lastCode(t.db, e164(user));
    const res = await reset({ telephone: user.telephone, code, password: 'Nouveau-secret-9' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: M.resetDone });
    expect((await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(user.token) })).statusCode).toBe(401);
    expect((await login(user.telephone, user.password)).statusCode).toBe(422);
    expect((await login(user.telephone, 'Nouveau-secret-9')).statusCode).toBe(200);
    const again = await reset({ telephone: user.telephone, code, password: 'Encore-autre-9' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ code: [M.codeInvalid] });
  });

  it('refuses a wrong code, and voids the code after 5 wrong tries', async () => {
    const user = await seedUser(t, 'membre');
    await forgot(user.telephone);
    const code = await lastCode(t.db, e164(user));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const res = await reset({ telephone: user.telephone, code: wrong, password: 'Nouveau-secret-9' });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: M.codeInvalid, errors: { code: [M.codeInvalid] } });
    }
    const right = await reset({ telephone: user.telephone, code, password: 'Nouveau-secret-9' });
    expect(right.statusCode).toBe(422);
    expect((await login(user.telephone, user.password)).statusCode).toBe(200);
  });

  it('refuses an expired code (after 15 minutes)', async () => {
    const user = await seedUser(t, 'membre');
    await forgot(user.telephone);
    const code = await lastCode(t.db, e164(user));
    await age(user.id, 16);
    const res = await reset({ telephone: user.telephone, code, password: 'Nouveau-secret-9' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.code).toEqual([M.codeInvalid]);
  });

  it('keeps only the newest code alive', async () => {
    const user = await seedUser(t, 'membre');
    await forgot(user.telephone);
    const first = await lastCode(t.db, e164(user));
    await forgot(user.telephone);
    const second = await lastCode(t.db, e164(user));
    if (first !== second)
      expect((await reset({ telephone: user.telephone, code: first, password: 'Nouveau-secret-9' })).statusCode).toBe(422);
    expect((await reset({ telephone: user.telephone, code: second, password: 'Nouveau-secret-9' })).statusCode).toBe(200);
  });

  it('answers the same 422 for a telephone without an account', async () => {
    const res = await reset({ telephone: '+22901888888', code: '123456', password: 'Nouveau-secret-9' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: M.codeInvalid, errors: { code: [M.codeInvalid] } });
  });

  it('validates the code format and the new password in French', async () => {
    const res = await reset({ telephone: '+22901888888', code: '12ab', password: 'court' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.code).toEqual([M.codeFormat]);
    expect(res.json().errors.password[0]).toMatch(/8 caractères/);
  });

  it('stores only a hash of the code', async () => {
    const user = await seedUser(t, 'membre');
    await forgot(user.telephone);
    const code = await lastCode(t.db, e164(user));
    const rows = await t.db.selectFrom('one_time_codes').select('code_hash').where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code_hash).not.toContain(code);
  });
});

describe('POST /api/users/:id/password-reset', () => {
  const send = (id: number, token?: string) =>
    t.app.inject({ method: 'POST', url: `/api/users/${id}/password-reset`, headers: token ? bearer(token) : {} });

  it('lets an administrator send a code to anyone, recorded in the audit trail', async () => {
    const user = await seedUser(t, 'membre');
    const res = await send(user.id, admin.token);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: M.codeSentToUser });
    await lastCode(t.db, e164(user));
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'user.password_reset_code')
      .where('entity_id', '=', String(user.id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_user_id).toBe(admin.id);
  });

  it('lets an adviser send a code to the users they created only', async () => {
    const own = await seedUser(t, 'consommateur', { createdBy: adviser.id });
    expect((await send(own.id, adviser.token)).statusCode).toBe(202);
    await lastCode(t.db, e164(own));
    const notOwn = await seedUser(t, 'consommateur', { createdBy: otherAdviser.id });
    expect((await send(notOwn.id, adviser.token)).statusCode).toBe(403);
    expect(await outboxTo(t.db, e164(notOwn))).toHaveLength(0);
  });

  it('answers 401 without a token, 403 for other roles, 404 for an unknown user, 429 past 3 codes an hour', async () => {
    const user = await seedUser(t, 'membre');
    const member = await seedUser(t, 'membre');
    expect((await send(user.id)).statusCode).toBe(401);
    expect((await send(user.id, member.token)).statusCode).toBe(403);
    expect((await send(999_999, admin.token)).statusCode).toBe(404);
    for (let i = 0; i < 3; i += 1) expect((await send(user.id, admin.token)).statusCode).toBe(202);
    const limited = await send(user.id, admin.token);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(M.tooManyCodes);
  });
});
