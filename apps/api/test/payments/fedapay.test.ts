import { Webhook } from 'fedapay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollPendingOnce, refreshRecord } from '../../src/modules/payments/money';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { startFedaPayStandIn, type FedaPayStandIn } from './fedapay-stand-in';

const SECRET_KEY = 'sk_sandbox_stand_in_key';
const WEBHOOK_SECRET = 'wh_sandbox_stand_in_secret';

let t: TestApp;
let fedapay: FedaPayStandIn;
let eventId = 9000;

beforeAll(async () => {
  fedapay = await startFedaPayStandIn(SECRET_KEY);
  t = await createTestApp({
    publicUrl: 'https://asso.example.bj',
    payments: {
      provider: 'fedapay',
      secretKey: SECRET_KEY,
      publicKey: 'pk_sandbox_x',
      environment: 'sandbox',
      webhookSecret: WEBHOOK_SECRET,
      apiBase: fedapay.url,
    },
  });
});
afterAll(async () => {
  await t?.close();
  await fedapay?.close();
});

const paymentBody = { name: 'Koffi Mensah', email: 'koffi@example.bj', phone: '+22997000011', amount: 5000, payment_type: 'cotisation' };

async function initiatePayment(body: Record<string, unknown> = paymentBody) {
  const before = fedapay.requests.length;
  const res = await t.app.inject({ method: 'POST', url: '/api/payment/initiate', payload: body });
  expect(res.statusCode).toBe(201);
  const row = await t.db.selectFrom('payments').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
  // The return URL FedaPay was given: the payer's way back, with the checkout's random reference.
  const create = fedapay.requests.slice(before).find((r) => r.path === '/v1/transactions');
  const returnPath = new URL((create?.body as { callback_url?: string } | undefined)?.callback_url ?? 'https://x/none').pathname;
  return { res, row, returnPath };
}

function signed(body: string, timestamp?: number) {
  // The official library's own test-header helper: proves our verification matches FedaPay's scheme.
  return Webhook.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET, timestamp } as never);
}

async function sendWebhook(body: string, signature: string | undefined) {
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/fedapay',
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-fedapay-signature': signature } : {}) },
    payload: body,
  });
}

const record = (id: number) => t.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('FedaPay adapter against the loopback stand-in', () => {
  it('creates the transaction in XOF with our return URL, then the checkout token, and answers its URL', async () => {
    const before = fedapay.requests.length;
    const { res, row } = await initiatePayment();
    expect(res.json().url).toMatch(/^https:\/\/process\.fedapay\.com\/[0-9a-f]{32}$/);
    const [create, token] = fedapay.requests.slice(before);
    expect(create).toMatchObject({ method: 'POST', path: '/v1/transactions' });
    expect(create!.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(create!.body).toMatchObject({
      amount: 5000,
      currency: { iso: 'XOF' },
      callback_url: expect.stringMatching(/^https:\/\/asso\.example\.bj\/api\/payments\/return\/payment\/[A-Za-z0-9_-]{43}$/),
      customer: {
        firstname: 'Koffi',
        lastname: 'Mensah',
        email: 'koffi@example.bj',
        phone_number: { number: '+2290197000011', country: 'bj' },
      },
    });
    expect(token).toMatchObject({ method: 'POST', path: `/v1/transactions/${row.transaction_id}/token` });
    expect(row).toMatchObject({
      transaction_status: 'pending',
      provider: 'fedapay',
      amount: 5000,
      currency: 'XOF',
      is_verified: 0,
      receipt_number: null,
    });
  });

  it.each(['approved', 'declined', 'canceled'])(
    'the return flow verifies a %s transaction with GET /v1/transactions/{id}',
    async (status) => {
      const { row, returnPath } = await initiatePayment();
      fedapay.setStatus(row.transaction_id!, status);
      // The query string FedaPay appends is ignored: only the provider's answer counts.
      const res = await t.app.inject({ method: 'GET', url: `${returnPath}?id=${row.transaction_id}&status=approved` });
      expect(res.statusCode).toBe(302);
      const location = new URL(res.headers.location as string, 'http://x');
      expect(location.pathname).toBe('/paiement');
      expect(Object.fromEntries(location.searchParams)).toEqual({
        'transaction-status': status,
        amount: '5000',
        payment_type: 'cotisation',
      });
      expect(new URLSearchParams(location.hash.slice(1)).has('recu')).toBe(status === 'approved');
      const retrieve = fedapay.requests.at(-1)!;
      expect(retrieve).toMatchObject({ method: 'GET', path: `/v1/transactions/${row.transaction_id}`, query: { include: 'currency' } });
      const after = await record(row.id);
      expect(after.transaction_status).toBe(status);
      expect(after.is_verified).toBe(status === 'approved' ? 1 : 0);
      expect(after.receipt_number === null).toBe(status !== 'approved');
    },
  );

  it('asks FedaPay on return only about a pending record not asked in the last seconds', async () => {
    const { row, returnPath } = await initiatePayment();
    const lookups = () => fedapay.requests.filter((r) => r.method === 'GET' && r.path === `/v1/transactions/${row.transaction_id}`).length;
    for (let i = 0; i < 5; i += 1) expect((await t.app.inject({ method: 'GET', url: returnPath })).statusCode).toBe(302);
    expect(lookups()).toBe(1); // still pending, but asked a moment ago: no new call per request
    fedapay.setStatus(row.transaction_id!, 'approved');
    await t.db
      .updateTable('payments')
      .set({ checked_at: new Date(Date.now() - 60_000).toISOString() })
      .where('id', '=', row.id)
      .execute();
    await t.app.inject({ method: 'GET', url: returnPath });
    expect(lookups()).toBe(2);
    expect((await record(row.id)).transaction_status).toBe('approved');
    for (let i = 0; i < 3; i += 1) await t.app.inject({ method: 'GET', url: returnPath });
    expect(lookups()).toBe(2); // settled records are never looked up again from this anonymous route
  });

  it('follows approved → transferred → refunded, and maps expired to canceled', async () => {
    const { row } = await initiatePayment();
    const payments = t.app.payments;
    for (const status of ['approved', 'transferred', 'refunded']) {
      fedapay.setStatus(row.transaction_id!, status);
      await refreshRecord(payments, 'payment', await record(row.id));
      expect((await record(row.id)).transaction_status).toBe(status);
    }
    const second = await initiatePayment();
    fedapay.setStatus(second.row.transaction_id!, 'expired');
    await refreshRecord(payments, 'payment', second.row);
    expect((await record(second.row.id)).transaction_status).toBe('canceled');
  });

  it('never counts as paid an approved transaction whose amount or currency differs from the record', async () => {
    const { row, returnPath } = await initiatePayment();
    fedapay.setStatus(row.transaction_id!, 'approved');
    fedapay.set(row.transaction_id!, { amount: 100 });
    await t.app.inject({ method: 'GET', url: returnPath });
    const after = await record(row.id);
    expect(after).toMatchObject({ transaction_status: 'declined', is_verified: 0, receipt_number: null });
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'payment')
      .where('entity_id', '=', String(row.id))
      .execute();
    expect(audit.map((a) => a.action)).toContain('payment.amount_mismatch');

    const other = await initiatePayment();
    fedapay.setStatus(other.row.transaction_id!, 'approved');
    fedapay.set(other.row.transaction_id!, { currency_id: 2 });
    await t.app.inject({ method: 'GET', url: other.returnPath });
    expect((await record(other.row.id)).transaction_status).not.toBe('approved');
  });

  it('answers 503 with the "provider unavailable" message when FedaPay is down, and records nothing as pending', async () => {
    fedapay.fail(true);
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/payment/initiate', payload: paymentBody });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe('Le service de paiement est momentanément indisponible. Veuillez réessayer.');
      const row = await t.db.selectFrom('payments').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(row).toMatchObject({ transaction_status: 'canceled', transaction_id: null });
    } finally {
      fedapay.fail(false);
    }
  });

  it('re-checks pending transactions in the background until final', async () => {
    const { row } = await initiatePayment();
    fedapay.setStatus(row.transaction_id!, 'approved'); // approved on the phone after the browser left
    await pollPendingOnce(t.app.payments);
    expect((await record(row.id)).transaction_status).toBe('approved');
  });
});

describe('phone-only payers (issue 33: e-mail optional where nothing needs it)', () => {
  it('opens a fee payment without an e-mail: FedaPay gets the customer by telephone, the receipt goes by SMS only', async () => {
    const before = fedapay.requests.length;
    const { email: _none, ...phoneOnly } = paymentBody;
    const { row, returnPath } = await initiatePayment({ ...phoneOnly, phone: '0197000077', amount: 5100 });
    const create = fedapay.requests.slice(before).find((r) => r.path === '/v1/transactions')!;
    const customer = (create.body as { customer: Record<string, unknown> }).customer;
    expect(customer).toEqual({ firstname: 'Koffi', lastname: 'Mensah', phone_number: { number: '+2290197000077', country: 'bj' } });
    expect(row.email).toBeNull();

    fedapay.setStatus(row.transaction_id!, 'approved');
    expect((await t.app.inject({ method: 'GET', url: returnPath })).statusCode).toBe(302);
    const messages = await t.db.selectFrom('outbox_messages').selectAll().where('dedupe_key', 'like', `payment:${row.id}:%`).execute();
    expect(messages.map((m) => [m.channel, m.to_address])).toEqual([['sms', '+2290197000077']]);
    expect(messages[0]!.body).toContain('/api/receipts/payment/');
  });

  it('opens an anonymous donation (no telephone, no e-mail) without a customer, which FedaPay would refuse empty', async () => {
    const before = fedapay.requests.length;
    const res = await t.app.inject({ method: 'POST', url: '/api/donation/initiate', payload: { amount: 2000, purpose: 'sante' } });
    expect(res.statusCode, res.body).toBe(201);
    const create = fedapay.requests.slice(before).find((r) => r.path === '/v1/transactions')!;
    expect(create.body).not.toHaveProperty('customer');
  });

  it('still refuses a malformed e-mail in French', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/payment/initiate', payload: { ...paymentBody, email: 'koffi@' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['Veuillez entrer une adresse email valide.']);
  });
});

describe('POST /api/webhooks/fedapay', () => {
  it('applies a correctly signed event once; a redelivery changes nothing', async () => {
    const { row } = await initiatePayment();
    fedapay.setStatus(row.transaction_id!, 'approved');
    const body = fedapay.event(row.transaction_id!, ++eventId);
    const first = await sendWebhook(body, signed(body));
    expect(first.statusCode).toBe(200);
    const approved = await record(row.id);
    expect(approved).toMatchObject({ transaction_status: 'approved', is_verified: 1 });
    expect(approved.receipt_number).toMatch(/^PAI-\d{4}-\d{6}$/);

    const again = await sendWebhook(body, signed(body));
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe('Événement déjà traité.');
    expect(await record(row.id)).toEqual(approved);
    const events = await t.db.selectFrom('payment_events').selectAll().where('transaction_id', '=', row.transaction_id!).execute();
    expect(events).toHaveLength(1);
  });

  it('never moves a final status backwards when events arrive out of order', async () => {
    const { row } = await initiatePayment();
    fedapay.setStatus(row.transaction_id!, 'approved');
    const approvedEvent = fedapay.event(row.transaction_id!, ++eventId);
    await sendWebhook(approvedEvent, signed(approvedEvent));
    // An older "pending"/"declined" view arriving late must not undo the approval.
    for (const status of ['pending', 'declined', 'canceled']) {
      fedapay.setStatus(row.transaction_id!, status);
      const late = fedapay.event(row.transaction_id!, ++eventId);
      expect((await sendWebhook(late, signed(late))).statusCode).toBe(200);
      expect((await record(row.id)).transaction_status).toBe('approved');
    }
  });

  it.each([
    ['a missing signature', () => undefined],
    [
      'a signature made with another secret',
      (body: string) => Webhook.generateTestHeaderString({ payload: body, secret: 'wh_wrong' } as never),
    ],
    ['a stale signature (over 300 s old)', (body: string) => signed(body, Math.floor(Date.now() / 1000) - 301)],
    ['a signature from the future', (body: string) => signed(body, Math.floor(Date.now() / 1000) + 3600)],
    ['a malformed header', () => 'nonsense'],
  ])('refuses %s with 400 and changes nothing', async (_label, sign) => {
    const { row } = await initiatePayment();
    fedapay.setStatus(row.transaction_id!, 'approved');
    const body = fedapay.event(row.transaction_id!, ++eventId);
    const res = await sendWebhook(body, sign(body));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Signature du webhook invalide.');
    expect((await record(row.id)).transaction_status).toBe('pending');
  });

  it('refuses a body altered after signing', async () => {
    const { row } = await initiatePayment();
    const body = fedapay.event(row.transaction_id!, ++eventId);
    const header = signed(body);
    const res = await sendWebhook(body.replace('"account_id":1', '"account_id":2'), header);
    expect(res.statusCode).toBe(400);
  });
});

describe('POST /api/payment with FedaPay', () => {
  it('refuses a transaction id FedaPay never created for us, whatever status the body claims', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment',
      payload: {
        name: 'X',
        phone: '12345678',
        amount: 5000,
        payment_type: 'adhesion',
        transaction_status: 'approved',
        transaction_id: '999999',
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.transaction_id).toEqual(['Transaction inconnue.']);
    expect(await t.db.selectFrom('payments').select('id').where('transaction_id', '=', '999999').execute()).toHaveLength(0);
  });
});
