import { REGISTER_MESSAGES } from '@shared/schemas/register';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as normaliseTelephones } from '../../src/platform/database/migrations/20261126_0100_telephones_e164';
import { nowIso } from '../../src/platform/database/database';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';
import { newUserBody } from './helpers';

// Issue 25 row 5 (docs/product/accounts.md): one telephone form, E.164, stored and compared everywhere.

let t: TestApp;
let admin: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
});
afterAll(async () => t?.close());

const register = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/register', headers: bearer(admin.token), payload });
const login = (telephone: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { telephone, password } });

describe('one telephone form', () => {
  it('stores a typed number in E.164 and treats its other spellings as the same person', async () => {
    const body = newUserBody('membre', { telephone: '0197123456' });
    const created = await register(body);
    expect(created.statusCode).toBe(201);
    expect(created.json().user.telephone).toBe('+2290197123456');
    const row = await t.db.selectFrom('users').select('telephone').where('id', '=', created.json().user.id).executeTakeFirstOrThrow();
    expect(row.telephone).toBe('+2290197123456');

    // Uniqueness: the same number in two other spellings is taken.
    for (const telephone of ['+229 01 97 12 34 56', '22901 97 12 34 56', '97 12 34 56']) {
      const again = await register(newUserBody('membre', { telephone }));
      expect(again.statusCode, telephone).toBe(422);
      expect(again.json().errors.telephone).toEqual([REGISTER_MESSAGES.telephoneTaken]);
    }

    // Login under every spelling.
    for (const telephone of ['0197123456', '+229 01 97 12 34 56', '22901 97 12 34 56']) {
      expect((await login(telephone, body.password)).statusCode, telephone).toBe(200);
    }
  });

  it('refuses what cannot be a telephone in E.164', async () => {
    const res = await register(newUserBody('membre', { telephone: '123456789' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.telephone).toEqual([REGISTER_MESSAGES.telephoneInvalid]);
  });

  it('matches a cash membership fee to the account whatever the spelling typed', async () => {
    const member = await seedUser(t, 'membre', { telephone: '+2290197555001' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/offline-payments',
      headers: bearer(admin.token),
      payload: {
        kind: 'payment',
        payment_type: 'adhesion',
        amount: 5000,
        name: member.name,
        telephone: '22901 97 55 50 01',
        method: 'especes',
        reference: 'TEL-E164-1',
        received_at: new Date().toISOString().slice(0, 10),
      },
    });
    expect(res.statusCode).toBe(201);
    const payment = await t.db
      .selectFrom('payments')
      .select(['user_id', 'phone'])
      .where('id', '=', res.json().id)
      .executeTakeFirstOrThrow();
    expect(payment).toEqual({ user_id: member.id, phone: '+2290197555001' });
  });
});

describe('migration 20261126_0100: existing rows', () => {
  it('normalises every telephone column and reports the accounts it cannot merge instead of guessing', async () => {
    const victim = await seedUser(t, 'membre', { telephone: '0197000010', password: 'Victime-Mot-1' });
    const other = await seedUser(t, 'membre', { telephone: '+2290197000010', password: 'Autre-Mot-De-Passe-1' });
    const old = await seedUser(t, 'membre', { telephone: '97 00 00 30'.replaceAll(' ', '') });
    const now = nowIso();
    const donation = await t.db
      .insertInto('donations')
      .values({
        amount: 1000,
        name: 'Donateur',
        email: null,
        phone: '22901 97 00 00 40',
        transaction_status: 'approved',
        transaction_id: null,
        provider: 'offline',
        receipt_number: null,
        paid_at: now,
        checked_at: null,
        return_ref_hash: null,
        deleted_at: null,
        deleted_by: null,
        created_at: now,
        updated_at: now,
        recorded_by: null,
        method: null,
        reference: null,
        deleted_reason: null,
        purpose: 'sante',
        user_id: null,
        pledge_id: null,
        pledge_due: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    await normaliseTelephones(t.db);

    const phoneOf = async (id: number) =>
      (await t.db.selectFrom('users').select('telephone').where('id', '=', id).executeTakeFirstOrThrow()).telephone;
    expect(await phoneOf(old.id)).toBe('+2290197000030');
    // The conflicting pair keeps what it held.
    expect(await phoneOf(victim.id)).toBe('0197000010');
    expect(await phoneOf(other.id)).toBe('+2290197000010');
    const d = await t.db.selectFrom('donations').select('phone').where('id', '=', donation.id).executeTakeFirstOrThrow();
    expect(d.phone).toBe('+2290197000040');

    const reports = await t.db.selectFrom('migration_reports').selectAll().where('kind', '=', 'telephone_conflict').execute();
    const conflict = reports.map((r) => JSON.parse(r.detail)).find((r) => r.e164 === '+2290197000010');
    expect(conflict).toEqual({ ids: [victim.id, other.id], values: ['0197000010', '+2290197000010'], e164: '+2290197000010' });

    // Recovery names neither account of a conflict: no code goes out for the wrong one.
    const before = await t.db
      .selectFrom('one_time_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const forgot = await t.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { telephone: '0197000010' } });
    expect(forgot.statusCode).toBe(202);
    const after = await t.db
      .selectFrom('one_time_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    // A new account cannot take the number either.
    const taken = await register(newUserBody('membre', { telephone: '01 97 00 00 10' }));
    expect(taken.statusCode).toBe(422);
  });
});
