import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

// #15 item 2: the provider's return and the simulator's checkout open a record only with the checkout's own
// random reference, carry no personal data, and are rate-limited.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: { login: 1000, publicForms: 1000 } });
});
afterAll(async () => t?.close());

const paymentBody = { name: 'Awa Dossou', email: 'awa@example.bj', phone: '+22996000001', amount: 10000, payment_type: 'adhesion' };

async function initiatePayment() {
  const res = await t.app.inject({ method: 'POST', url: '/api/payment/initiate', payload: paymentBody });
  expect(res.statusCode).toBe(201);
  const row = await t.db.selectFrom('payments').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
  const sandbox = await t.db.selectFrom('sandbox_transactions').selectAll().where('id', '=', row.transaction_id!).executeTakeFirstOrThrow();
  return { checkoutUrl: res.json().url as string, row, returnPath: sandbox.return_url };
}

describe('the payment return route', () => {
  it('does not open a record by its sequential id', async () => {
    const { row } = await initiatePayment();
    for (const url of [`/api/payments/return/payment/${row.id}`, '/api/payments/return/payment/1', '/api/payments/return/donation/1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'Transaction introuvable.' });
    }
  });

  it('uses a random reference stored only as a hash, and redirects without personal data', async () => {
    const { row, returnPath, checkoutUrl } = await initiatePayment();
    const ref = returnPath.split('/').pop()!;
    expect(ref).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(row.return_ref_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.return_ref_hash).not.toContain(ref);
    await t.app.inject({
      method: 'POST',
      url: checkoutUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=approved',
    });
    const res = await t.app.inject({ method: 'GET', url: returnPath });
    expect(res.statusCode).toBe(302);
    const location = String(res.headers.location);
    for (const secret of ['Awa', 'Dossou', '22996000001', row.transaction_id!, 'awa@example.bj'])
      expect(location).not.toContain(encodeURIComponent(secret));
    const [pathAndQuery, fragment] = location.split('#');
    expect(pathAndQuery).not.toContain('receipt');
    expect(new URLSearchParams(fragment).get('recu')).toMatch(/^\/api\/receipts\/payment\//);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('is rate-limited per client', async () => {
    const limited = await createTestApp({ rateLimits: { login: 1000, publicForms: 3 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1)
        statuses.push((await limited.app.inject({ method: 'GET', url: `/api/payments/return/payment/x${i}` })).statusCode);
      expect(statuses).toEqual([404, 404, 404, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('the sandbox checkout', () => {
  it('cannot be decided by someone who only knows the transaction id', async () => {
    const { row } = await initiatePayment();
    const byId = `/api/sandbox/checkout/${row.transaction_id}`;
    expect((await t.app.inject({ method: 'GET', url: byId })).statusCode).toBe(404);
    const post = await t.app.inject({
      method: 'POST',
      url: byId,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=canceled',
    });
    expect(post.statusCode).toBe(404);
    const sandbox = await t.db
      .selectFrom('sandbox_transactions')
      .select('status')
      .where('id', '=', row.transaction_id!)
      .executeTakeFirstOrThrow();
    expect(sandbox.status).toBe('pending');
    expect(
      (await t.db.selectFrom('payments').select('transaction_status').where('id', '=', row.id).executeTakeFirstOrThrow())
        .transaction_status,
    ).toBe('pending');
  });

  it('shows a banner saying no real money is taken', async () => {
    const { checkoutUrl } = await initiatePayment();
    const page = await t.app.inject({ method: 'GET', url: checkoutUrl });
    expect(page.body).toMatch(/class="banner"[^>]*>.*aucun argent réel/);
  });
});
