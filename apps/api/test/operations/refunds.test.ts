import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../src/platform/lib/clock';
import { createFedaPayTestApp, type FedaPayTestApp } from '../helpers/fedapay-app';
import type { TestApp } from '../helpers/test-app';
import { bearer, seedUser } from '../helpers/users';
import { profileMembership } from './helpers';

// FedaPay reports a refund as the transaction's status `refunded` (or `approved_partially_refunded` /
// `transferred_partially_refunded`) and sends a `transaction.refunded` event: the record is shown as refunded,
// leaves the totals and the membership period, and its receipt says so.

let t: TestApp;
let app: FedaPayTestApp;

beforeAll(async () => {
  app = await createFedaPayTestApp('refunds', { eventIdFrom: 70000, overrides: { publicUrl: 'https://asbe.example.bj' } });
  t = app.t;
});
afterAll(async () => {
  await app?.close();
});
afterEach(() => setClock(null));

const webhook = (transactionId: string, status: string) => app.webhook(transactionId, status);

async function payAsMember(token: string, phone: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payment/initiate',
    headers: bearer(token),
    payload: { name: 'Rémi Membre', email: 'remi@example.bj', phone, amount: 5000, payment_type: 'cotisation' },
  });
  expect(res.statusCode).toBe(201);
  const row = await t.db.selectFrom('payments').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
  await webhook(row.transaction_id!, 'approved');
  return row;
}

const monthOf = async (admin: string) => {
  const stats = (await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: bearer(admin) })).json();
  const { payments_total, payments_count } = stats.monthly.at(-1) as { payments_total: number; payments_count: number };
  return { payments_total, payments_count };
};

describe('refunds reported by FedaPay', () => {
  it.each(['refunded', 'approved_partially_refunded'])(
    'a %s webhook shows the record as refunded, takes it out of the totals and shortens the period',
    async (status) => {
      const admin = await seedUser(t, 'administrateur');
      const member = await seedUser(t, 'membre');
      const today = new Date().toISOString().slice(0, 10);
      setClock(`${today}T10:00:00Z`);
      const before = await monthOf(admin.token);
      await payAsMember(member.token, member.telephone);
      const second = await payAsMember(member.token, member.telephone);
      const twoPeriods = (await profileMembership(t, member.token)).valid_until!;
      expect(await monthOf(admin.token)).toEqual({
        payments_total: before.payments_total + 10000,
        payments_count: before.payments_count + 2,
      });

      await webhook(second.transaction_id!, status);
      const refunded = await t.db.selectFrom('payments').selectAll().where('id', '=', second.id).executeTakeFirstOrThrow();
      expect(refunded.transaction_status).toBe('refunded');
      expect(await monthOf(admin.token)).toEqual({
        payments_total: before.payments_total + 5000,
        payments_count: before.payments_count + 1,
      });
      const oneYearLess = `${Number(twoPeriods.slice(0, 4)) - 1}${twoPeriods.slice(4)}`;
      expect((await profileMembership(t, member.token)).valid_until).toBe(oneYearLess);

      const list = await t.app.inject({ method: 'GET', url: '/api/payments?status=refunded', headers: bearer(admin.token) });
      const item = list.json().find((p: { id: number }) => p.id === second.id);
      expect(item.transaction_status).toBe('refunded');
      const receipt = await t.app.inject({ method: 'GET', url: item.receipt_url });
      expect(receipt.statusCode).toBe(200);
      expect(receipt.body).toContain('<strong>REMBOURSÉ</strong>Remboursé au payeur le');
      const pdf = await t.app.inject({ method: 'GET', url: item.receipt_url.replace('?', '/pdf?') });
      expect(pdf.statusCode).toBe(200);

      const trail = await t.app.inject({
        method: 'GET',
        url: '/api/admin/audit?entity=payment&action=payment.status',
        headers: bearer(admin.token),
      });
      const change = trail
        .json()
        .find(
          (e: { entity_id: string; after: { transaction_status: string } }) =>
            e.entity_id === String(second.id) && e.after.transaction_status === 'refunded',
        );
      expect(change).toMatchObject({ before: { transaction_status: 'approved' }, actor_user_id: null });
    },
  );
});
