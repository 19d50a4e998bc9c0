import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';
import { payThroughSandbox, profileMembership } from '../operations/helpers';

let t: TestApp;
let admin: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
});
afterAll(async () => t?.close());

const put = (payload: Record<string, unknown>, token = admin.token) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: bearer(token), payload });
const fees = async () => (await t.app.inject({ method: 'GET', url: '/api/payment/fees' })).json();
const payer = { name: 'Afi Membre', email: 'afi@example.bj', phone: '0197000123' };
const restore = () => put({ adhesion_amount: 5000, cotisation_amount: 5000, adhesion_min: 1000, cotisation_min: 1000 });

describe('membership fees (PUT /api/admin/settings, GET /api/payment/fees)', () => {
  it('defaults to 5 000 FCFA each with a 1 000 FCFA minimum, public, with the period a fee buys', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payment/fees' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      adhesion_amount: 5000,
      cotisation_amount: 5000,
      adhesion_min: 1000,
      cotisation_min: 1000,
      period_months: 12,
    });
  });

  it('an administrator sets them (audited with before and after); the payment form reads the new fees', async () => {
    const res = await put({ adhesion_amount: 10000, cotisation_amount: '6000', adhesion_min: 2000, cotisation_min: 3000 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ adhesion_amount: 10000, cotisation_amount: 6000, adhesion_min: 2000, cotisation_min: 3000 });
    expect(await fees()).toMatchObject({ adhesion_amount: 10000, cotisation_amount: 6000, adhesion_min: 2000, cotisation_min: 3000 });
    const got = await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: bearer(admin.token) });
    expect(got.json()).toEqual({ adhesion_amount: 10000, cotisation_amount: 6000, adhesion_min: 2000, cotisation_min: 3000 });
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'settings.update')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.actor_user_id).toBe(admin.id);
    expect(JSON.parse(audit.before_state!)).toMatchObject({ adhesion_amount: 5000, adhesion_min: 1000 });
    expect(JSON.parse(audit.after_state!)).toMatchObject({ adhesion_amount: 10000, adhesion_min: 2000 });
    await restore();
  });

  it('refuses a fee below its own minimum, a zero, a fraction, in French', async () => {
    const below = await put({ adhesion_amount: 500, cotisation_amount: 5000, adhesion_min: 1000, cotisation_min: 1000 });
    expect(below.statusCode).toBe(422);
    expect(below.json().errors.adhesion_amount).toEqual(["Le montant minimum des frais d'adhésion est de 1\u00a0000\u00a0FCFA."]);
    const zero = await put({ adhesion_amount: 5000, cotisation_amount: 5000, adhesion_min: 0, cotisation_min: 1.5 });
    expect(zero.statusCode).toBe(422);
    expect(Object.keys(zero.json().errors).sort()).toEqual(['adhesion_min', 'cotisation_min']);
  });

  it('only an administrator reads or changes them', async () => {
    for (const role of ['membre', 'conseiller'] as const) {
      const user = await seedUser(t, role);
      expect((await put({ adhesion_amount: 1, cotisation_amount: 1, adhesion_min: 1, cotisation_min: 1 }, user.token)).statusCode).toBe(
        403,
      );
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: bearer(user.token) })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/settings', payload: {} })).statusCode).toBe(401);
  });
});

describe('membership minimum (issue 25 row 7)', () => {
  it('an adhesion of 1 FCFA is refused with 422 and a French message; it makes nobody « à jour »', async () => {
    const member = await seedUser(t, 'membre');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/initiate',
      headers: bearer(member.token),
      payload: { ...payer, amount: 1, payment_type: 'adhesion' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.amount).toEqual(["Le montant minimum des frais d'adhésion est de 1\u00a0000\u00a0FCFA."]);
    expect(await profileMembership(t, member.token)).toEqual({ status: 'aucune', valid_until: null });
  });

  it('follows the minimum the administrator set, per type; at the minimum the fee is accepted', async () => {
    await put({ adhesion_amount: 5000, cotisation_amount: 5000, adhesion_min: 1000, cotisation_min: 2500 });
    const member = await seedUser(t, 'membre');
    const low = await t.app.inject({
      method: 'POST',
      url: '/api/payment/initiate',
      payload: { ...payer, amount: 2499, payment_type: 'cotisation' },
    });
    expect(low.statusCode).toBe(422);
    expect(low.json().errors.amount).toEqual(['Le montant minimum de la cotisation est de 2\u00a0500\u00a0FCFA.']);
    await payThroughSandbox(t, member.token, { ...payer, amount: 2500, payment_type: 'cotisation' });
    expect((await profileMembership(t, member.token)).status).toBe('a_jour');
    await restore();
  });

  it('a fee recorded by hand below the minimum is refused too; a donation of any amount is not a fee', async () => {
    const cash = {
      name: 'Jean Hounkpatin',
      telephone: '+22961000001',
      method: 'especes',
      reference: 'Carnet 9',
      received_at: new Date().toISOString().slice(0, 10),
    };
    const fee = await t.app.inject({
      method: 'POST',
      url: '/api/admin/offline-payments',
      headers: bearer(admin.token),
      payload: { ...cash, kind: 'payment', payment_type: 'adhesion', amount: 999 },
    });
    expect(fee.statusCode).toBe(422);
    expect(fee.json().errors.amount).toEqual(["Le montant minimum des frais d'adhésion est de 1\u00a0000\u00a0FCFA."]);
    const gift = await t.app.inject({
      method: 'POST',
      url: '/api/admin/offline-payments',
      headers: bearer(admin.token),
      payload: { ...cash, kind: 'donation', purpose: 'sante', amount: 100 },
    });
    expect(gift.statusCode).toBe(201);
  });
});
