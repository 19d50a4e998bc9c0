import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../../src/modules/accounts/sessions';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';

// docs/product/payments.md "A pending payment": the member space checks a pending payment later, from any device,
// through the server, which asks the provider; only the account that paid (or an adviser acting for it) may.

let t: TestApp;
let member: SeededUser;
let other: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  member = await seedUser(t, 'membre');
  other = await seedUser(t, 'membre');
});
afterAll(async () => t?.close());

/** A payment opened while logged in and left pending on the simulator: its id and the simulator's transaction id. */
async function pendingPayment(token: string, amount = 7000) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payment/initiate',
    headers: bearer(token),
    payload: { name: 'Awa Dossou', phone: '+2290196000011', amount, payment_type: 'cotisation' },
  });
  expect(res.statusCode).toBe(201);
  const row = await t.db.selectFrom('payments').selectAll().where('amount', '=', amount).orderBy('id', 'desc').executeTakeFirstOrThrow();
  expect(row.transaction_status).toBe('pending');
  return row;
}

/** The provider settles the transaction later (the payer confirmed on the phone after leaving the page). */
const providerSays = (transactionId: string, status: string) =>
  t.db.updateTable('sandbox_transactions').set({ status }).where('id', '=', transactionId).execute();

const check = (token: string, kind: string, id: number | string) =>
  t.app.inject({ method: 'POST', url: `/api/profile/money/${kind}/${id}/check`, headers: bearer(token) });

describe('POST /api/profile/money/{kind}/{id}/check', () => {
  it('lists the pending payment in the member space, then asks the provider and shows it paid with its receipt', async () => {
    const row = await pendingPayment(member.token, 7100);
    const listed = await t.app.inject({ method: 'GET', url: '/api/profile/money', headers: bearer(member.token) });
    expect(listed.json().find((i: { id: number; kind: string }) => i.kind === 'payment' && i.id === row.id)).toMatchObject({
      transaction_status: 'pending',
      receipt_url: null,
    });

    await providerSays(row.transaction_id!, 'approved');
    // Not yet asked: the record still says pending until someone checks (or the background re-check runs).
    expect(
      (await t.db.selectFrom('payments').select('transaction_status').where('id', '=', row.id).executeTakeFirstOrThrow())
        .transaction_status,
    ).toBe('pending');
    await t.db.updateTable('payments').set({ checked_at: null }).where('id', '=', row.id).execute();

    const res = await check(member.token, 'payment', row.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'payment', id: row.id, amount: 7100, label: 'Cotisation', transaction_status: 'approved' });
    expect(res.json().receipt_number).toMatch(/\S/);
    expect(res.json().receipt_url).toMatch(/^\/api\/receipts\//);
    const stored = await t.db.selectFrom('payments').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(stored.transaction_status).toBe('approved');
  });

  it('shows a refusal the provider reports', async () => {
    const row = await pendingPayment(member.token, 7200);
    await providerSays(row.transaction_id!, 'declined');
    await t.db.updateTable('payments').set({ checked_at: null }).where('id', '=', row.id).execute();
    const res = await check(member.token, 'payment', row.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ transaction_status: 'declined', receipt_url: null });
  });

  it('answers 404 in French for someone else’s payment and leaves it unasked', async () => {
    const row = await pendingPayment(member.token, 7300);
    await providerSays(row.transaction_id!, 'approved');
    await t.db.updateTable('payments').set({ checked_at: null }).where('id', '=', row.id).execute();
    const res = await check(other.token, 'payment', row.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Paiement introuvable.');
    const stored = await t.db.selectFrom('payments').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(stored.transaction_status).toBe('pending');
    expect(stored.checked_at).toBeNull();
  });

  it('lets an adviser acting for the person check it', async () => {
    const row = await pendingPayment(member.token, 7400);
    await providerSays(row.transaction_id!, 'approved');
    await t.db.updateTable('payments').set({ checked_at: null }).where('id', '=', row.id).execute();
    const adviser = await seedUser(t, 'conseiller');
    const actingToken = await issueToken(t.db, member.id, 2 * 3600_000, adviser.id);
    const res = await check(actingToken, 'payment', row.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().transaction_status).toBe('approved');
  });

  it('refuses without a token (401) and names no record for a bad kind or id (404)', async () => {
    const row = await pendingPayment(member.token, 7500);
    expect((await t.app.inject({ method: 'POST', url: `/api/profile/money/payment/${row.id}/check` })).statusCode).toBe(401);
    expect((await check(member.token, 'donation', row.id)).statusCode).toBe(404);
    expect((await check(member.token, 'payment', '01')).statusCode).toBe(404);
  });
});
