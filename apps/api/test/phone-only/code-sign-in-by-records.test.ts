import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../src/platform/database/database';
import { openText } from '../../src/platform/storage/sealed-text';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer } from '../helpers/users';

// Phone-only people, round three: anyone who gave, pledged or registered with a telephone signs in by SMS code with
// it; the account is created at the first right code (sympathisant, no password) and finds what was made with it.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const SENT =
  'Si ce numéro permet la connexion par code, un code vient d’être envoyé par SMS. Il est valable 15 minutes. Au plus 3 codes par heure\u00a0: si rien n’arrive, réessayez plus tard ou utilisez votre mot de passe.';

async function giveWith(phone: string, amount: number) {
  const now = nowIso();
  await t.db
    .insertInto('donations')
    .values({
      amount,
      name: 'Afiavi Donou',
      phone,
      purpose: 'sante',
      transaction_status: 'approved',
      provider: 'sandbox',
      paid_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

const lastCode = (to: string) =>
  t.db
    .selectFrom('outbox_messages')
    .select('secret')
    .where('to_address', '=', to)
    .where('body', 'like', '%code de connexion%')
    .orderBy('id', 'desc')
    .executeTakeFirst()
    .then((r) => (r ? { secret: openText(r.secret) } : undefined));

describe('code sign-in for a telephone that gave', () => {
  it('sends a code, creates a sympathisant with no password at the first right code, and shows her gifts', async () => {
    await giveWith('+2290197112233', 5000);
    await giveWith('+2290197112233', 3000);
    const asked = await t.app.inject({ method: 'POST', url: '/api/login/code/request', payload: { telephone: '01 97 11 22 33' } });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ message: SENT });
    const sms = await lastCode('+2290197112233');
    expect(sms?.secret).toMatch(/^\d{6}$/);
    // No account before the code is verified.
    expect(await t.db.selectFrom('users').select('id').where('telephone', '=', '+2290197112233').executeTakeFirst()).toBeUndefined();

    const login = await t.app.inject({ method: 'POST', url: '/api/login/code', payload: { telephone: '0197112233', code: sms!.secret } });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({ role: 'sympathisant', name: 'Afiavi Donou', must_change_password: false });
    const money = await t.app.inject({ method: 'GET', url: '/api/profile/money', headers: bearer(login.json().token) });
    expect(money.statusCode).toBe(200);
    expect(
      money
        .json()
        .map((m: { amount: number }) => m.amount)
        .sort(),
    ).toEqual([3000, 5000]);

    // No password matches the account: only a code (or recovery) signs it in.
    const byPassword = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { telephone: '0197112233', password: '!code-only' },
    });
    expect(byPassword.statusCode).toBe(422);

    // A gift made later with the same number shows at the next code sign-in.
    await giveWith('+2290197112233', 2000);
    await t.app.inject({ method: 'POST', url: '/api/login/code/request', payload: { telephone: '0197112233' } });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/login/code',
      payload: { telephone: '0197112233', code: (await lastCode('+2290197112233'))!.secret },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().user.id).toBe(login.json().user.id);
    const after = await t.app.inject({ method: 'GET', url: '/api/profile/money', headers: bearer(again.json().token) });
    expect(after.json()).toHaveLength(3);
  });

  it('answers an unknown telephone the same, sends nothing and creates nothing', async () => {
    const asked = await t.app.inject({ method: 'POST', url: '/api/login/code/request', payload: { telephone: '0197998877' } });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ message: SENT });
    expect(await lastCode('+2290197998877')).toBeUndefined();
    const login = await t.app.inject({ method: 'POST', url: '/api/login/code', payload: { telephone: '0197998877', code: '123456' } });
    expect(login.statusCode).toBe(422);
  });
});

describe('a fee paid before the account existed', () => {
  it('makes the person a member at her first code sign-in, as if she had paid signed in', async () => {
    const now = nowIso();
    await t.db
      .insertInto('payments')
      .values({
        amount: 5000,
        name: 'Rachidatou Alabi',
        phone: '+2290193445566',
        payment_type: 'adhesion',
        transaction_status: 'approved',
        provider: 'sandbox',
        paid_at: now,
        created_at: now,
        updated_at: now,
        user_id: null,
      })
      .execute();
    await t.app.inject({ method: 'POST', url: '/api/login/code/request', payload: { telephone: '0193445566' } });
    const sms = await lastCode('+2290193445566');
    const login = await t.app.inject({ method: 'POST', url: '/api/login/code', payload: { telephone: '0193445566', code: sms!.secret } });
    expect(login.statusCode, login.body).toBe(200);
    const profile = await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(login.json().token) });
    expect(profile.json().membership.status).toBe('a_jour');
    expect(profile.json().membership.valid_until).toBeTruthy();
  });
});
