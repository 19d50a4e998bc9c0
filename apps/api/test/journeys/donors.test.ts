import { CAUSE_PROGRESS_MESSAGES } from '@shared/schemas/cause-progress';
import { DONATION_MESSAGES } from '@shared/schemas/donation';
import { TEXT_MESSAGES } from '@shared/text-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';

// docs/product/donors.md: the donor's name, telephone and e-mail; what each cause raised and its goal;
// the administrator finds a donation by the donor's name; a logged-in donor finds it in their space.

let t: TestApp;
let admin: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
});
afterAll(async () => t.close());

/** A donation through the sandbox checkout, approved (or not) by the payer, as a browser follows it. */
async function donate(
  body: Record<string, unknown>,
  outcome = 'approved',
  headers: Record<string, string> = {},
  url = '/api/donation/initiate',
) {
  const res = await t.app.inject({ method: 'POST', url, payload: body, headers });
  expect(res.statusCode, res.body).toBe(201);
  const post = await t.app.inject({
    method: 'POST',
    url: res.json().url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${outcome}`,
  });
  await t.app.inject({ method: 'GET', url: post.headers.location as string });
  return t.db.selectFrom('donations').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
}

const progress = async () => (await t.app.inject({ method: 'GET', url: '/api/causes/progress' })).json() as Array<Record<string, unknown>>;
const setGoal = (token: string, purpose: string, goal: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/causes/${purpose}`, headers: bearer(token), payload: { goal } });

describe('the donor', () => {
  it('may start a donation through POST /api/payment/initiate too, as docs/product/payments.md words it', async () => {
    const body = { amount: 2500, purpose: 'education', name: 'Agbo-Dossou', telephone: '01 97 00 00 02', email: 'agbo@example.bj' };
    const row = await donate(body, 'approved', {}, '/api/payment/initiate');
    expect(row).toMatchObject({
      amount: 2500,
      purpose: 'education',
      name: 'Agbo-Dossou',
      email: 'agbo@example.bj',
      transaction_status: 'approved',
    });
    expect(row.phone).toMatch(/97000002$/);
    // Still a donation's rules and messages, and nothing stored when refused.
    const before = await t.db
      .selectFrom('donations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const bad = await t.app.inject({ method: 'POST', url: '/api/payment/initiate', payload: { amount: 5, purpose: 'education' } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['amount']);
    const after = await t.db
      .selectFrom('donations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    // A membership payment keeps its own route's rules.
    const payment = await t.app.inject({
      method: 'POST',
      url: '/api/payment/initiate',
      payload: { amount: 5000, payment_type: 'adhesion' },
    });
    expect(payment.statusCode).toBe(422);
  });

  it('stores the optional name, telephone and e-mail, and the receipt carries the name', async () => {
    const row = await donate({
      amount: '5.000',
      purpose: 'alimentation',
      name: "Jean-Baptiste N'Dri",
      telephone: '+229 97 00 00 01',
      email: 'JB@example.bj',
    });
    expect(row).toMatchObject({
      amount: 5000,
      purpose: 'alimentation',
      name: "Jean-Baptiste N'Dri",
      phone: '+2290197000001',
      email: 'jb@example.bj',
      transaction_status: 'approved',
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/donations', headers: bearer(admin.token) });
    const item = list.json().find((d: { id: number }) => d.id === row.id);
    expect(item).toMatchObject({ name: "Jean-Baptiste N'Dri", phone: '+2290197000001' });
    const receipt = await t.app.inject({ method: 'GET', url: item.receipt_url });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.body).toContain('Jean-Baptiste N');
    expect(receipt.body).not.toContain('Donateur anonyme');
  });

  it('stays anonymous without them, as before', async () => {
    const row = await donate({ amount: 1000, purpose: 'sante' });
    expect(row).toMatchObject({ name: null, phone: null, email: null, user_id: null });
  });

  it('lets the administrator find a donation by the donor name or telephone', async () => {
    await donate({ amount: 2000, purpose: 'logement', name: 'Ahouéfa Zinsou', telephone: '+22961234567' });
    for (const q of ['zinsou', 'Ahouéfa', '61234567']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/donations?q=${encodeURIComponent(q)}`, headers: bearer(admin.token) });
      expect(
        res.json().map((d: { name: string }) => d.name),
        q,
      ).toEqual(['Ahouéfa Zinsou']);
    }
  });

  it.each([
    ['name', 'Kossi 2', TEXT_MESSAGES.nameChars],
    ['name', 'Kossi\u202eMensah', TEXT_MESSAGES.nameChars],
    ['telephone', '12', DONATION_MESSAGES.telephoneInvalid],
    ['email', 'pas-un-email', 'Veuillez entrer une adresse email valide.'],
  ])('refuses %s = %j with its French message and stores nothing', async (field, value, message) => {
    const before = await t.db
      .selectFrom('donations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({ method: 'POST', url: '/api/donation/initiate', payload: { amount: 5000, [field]: value } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
    const after = await t.db
      .selectFrom('donations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('accepts 5000, "5 000", "5 000" with a no-break space and "5.000" as the same amount', async () => {
    for (const amount of ['5000', '5 000', '5\u00a0000', '5.000']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/donation/initiate', payload: { amount, purpose: 'autres' } });
      expect(res.statusCode, amount).toBe(201);
      const row = await t.db.selectFrom('donations').select('amount').orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(row.amount).toBe(5000);
    }
  });

  it('links a donation made while logged in to the account, which lists it with its receipt', async () => {
    const member = await seedUser(t, 'membre');
    const row = await donate({ amount: 3000, purpose: 'education' }, 'approved', bearer(member.token));
    expect(row.user_id).toBe(member.id);
    const own = await t.app.inject({ method: 'GET', url: '/api/profile/money', headers: bearer(member.token) });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual([
      expect.objectContaining({
        kind: 'donation',
        id: row.id,
        amount: 3000,
        label: 'Don — Éducation',
        transaction_status: 'approved',
        receipt_url: expect.stringMatching(/^\/api\/receipts\//),
      }),
    ]);
    const stranger = await seedUser(t, 'membre');
    expect((await t.app.inject({ method: 'GET', url: '/api/profile/money', headers: bearer(stranger.token) })).json()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/profile/money' })).statusCode).toBe(401);
  });
});

describe('GET /api/causes/progress and PUT /api/admin/causes/{purpose}', () => {
  it('sums approved donations per purpose, leaving out declined, pending, refunded and deleted ones', async () => {
    const base = (await progress()).find((p) => p.purpose === 'vetement')!;
    await donate({ amount: 4000, purpose: 'vetement' });
    await donate({ amount: 6000, purpose: 'vetement' });
    await donate({ amount: 9000, purpose: 'vetement' }, 'declined');
    const refunded = await donate({ amount: 7000, purpose: 'vetement' });
    await t.db.updateTable('donations').set({ transaction_status: 'refunded' }).where('id', '=', refunded.id).execute();
    const deleted = await donate({ amount: 8000, purpose: 'vetement' });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/donations/${deleted.id}`, headers: bearer(admin.token) })).statusCode).toBe(
      200,
    );

    const all = await progress();
    expect(all.map((p) => p.purpose)).toEqual(['alimentation', 'education', 'logement', 'vetement', 'sante', 'protection', 'autres']);
    expect(all.find((p) => p.purpose === 'vetement')).toEqual({
      purpose: 'vetement',
      raised: Number(base.raised) + 10_000,
      donors: Number(base.donors) + 2,
      goal: null,
    });
  });

  it('lets an administrator set a goal ("500 000" accepted) and clear it, audited', async () => {
    const set = await setGoal(admin.token, 'protection', '500 000');
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ purpose: 'protection', goal: 500_000 });
    expect((await progress()).find((p) => p.purpose === 'protection')!.goal).toBe(500_000);
    expect((await setGoal(admin.token, 'protection', 750000)).statusCode).toBe(200);
    expect((await progress()).find((p) => p.purpose === 'protection')!.goal).toBe(750_000);
    expect((await setGoal(admin.token, 'protection', null)).statusCode).toBe(200);
    expect((await progress()).find((p) => p.purpose === 'protection')!.goal).toBeNull();
    const audits = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'cause_goal.update').execute();
    expect(audits.length).toBe(3);
    expect(audits[0]).toMatchObject({ actor_user_id: admin.id, entity_id: 'protection' });
    expect(JSON.parse(audits[2]!.before_state!)).toEqual({ goal: 750_000 });
  });

  it('refuses a bad goal with a French 422, an unknown purpose with 404, and anyone but an administrator', async () => {
    const bad = await setGoal(admin.token, 'protection', -5);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.goal).toEqual([CAUSE_PROGRESS_MESSAGES.goal]);
    // A path naming no purpose names no resource: 404, as every malformed path parameter (one error handler).
    expect((await setGoal(admin.token, 'inconnue', 1000)).statusCode).toBe(404);
    const member = await seedUser(t, 'membre');
    expect((await setGoal(member.token, 'sante', 1000)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/causes/sante', payload: { goal: 1000 } })).statusCode).toBe(401);
  });
});
