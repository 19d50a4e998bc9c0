import { PUSH_MESSAGES } from '@shared/schemas/payment-mode';
import { SMS_ANSWERS } from '@shared/schemas/sms-commands';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twilioSignature } from '../../src/modules/whatsapp';
import { createFedaPayTestApp, type FedaPayTestApp } from '../helpers/fedapay-app';
import { createTestApp } from '../helpers/test-app';

// docs/giving-by-phone.md: FedaPay's payment without redirection. The transaction, its token, then POST /v1/{mode}
// with the token and the payer's number, the mode named by the number's network; the status still only from FedaPay
// (its signed webhook, or the status asked of it). The stand-in speaks FedaPay's wire format.

const TOKEN = 'jeton-twilio-fedapay';
let app: FedaPayTestApp;

beforeAll(async () => {
  const plain = await createTestApp();
  const messages = plain.config.messages;
  await plain.close();
  app = await createFedaPayTestApp('push', {
    eventIdFrom: 70000,
    overrides: {
      messages: {
        ...messages,
        sms: { provider: 'twilio', accountSid: 'AC1', authToken: TOKEN, from: 'ASBE', apiBase: 'http://127.0.0.1:9' },
      },
    },
  });
});
afterAll(() => app?.close());

const post = (url: string, payload?: object) => app.t.app.inject({ method: 'POST', url, payload });
const status = async (id: string) => (await app.t.app.inject({ url: `/api/payments/push/${id}` })).json().status as string;
const gift = (phone: string) => app.t.db.selectFrom('donations').selectAll().where('phone', '=', phone).executeTakeFirst();
const modeCalls = () => app.fedapay.requests.filter((r) => /^\/v1\/(mtn_open|moov|sbin)$/.test(r.path));

describe('a payment requested on the telephone through FedaPay', () => {
  it('MTN: token then mtn_open with the national number; 202, pending until FedaPay says approved by its webhook', async () => {
    const res = await post('/api/donation/initiate', { amount: 2000, purpose: 'sante', mode: 'push', telephone: '97 00 12 34' });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().status).toBe('en_attente');
    const row = (await gift('+2290197001234'))!;
    const txId = Number(row.transaction_id);
    const calls = app.fedapay.requests.filter((r) => r.path.includes(String(txId)) || /^\/v1\/(mtn_open|moov|sbin)$/.test(r.path));
    expect(calls.map((r) => r.path)).toEqual([`/v1/transactions/${txId}/token`, '/v1/mtn_open']);
    expect(app.fedapay.pushes.get(txId)).toEqual({ mode: 'mtn_open', number: '0197001234', country: 'bj' });
    // Nothing is paid because the request was sent: only FedaPay's word changes the record.
    expect(await status(res.json().id)).toBe('en_attente');
    expect((await gift('+2290197001234'))!.transaction_status).toBe('pending');
    await app.webhook(String(txId), 'approved');
    expect((await gift('+2290197001234'))!.transaction_status).toBe('approved');
    expect(await status(res.json().id)).toBe('approuve');
  });

  it('Moov and Celtiis numbers get their own modes; a refusal is read from FedaPay when the status is asked', async () => {
    const fee = await post('/api/payment/initiate', {
      name: 'Adjo Membre',
      telephone: '+229 01 95 00 00 01',
      amount: 5000,
      payment_type: 'cotisation',
      mode: 'push',
    });
    expect(fee.statusCode, fee.body).toBe(202);
    const row = await app.t.db.selectFrom('payments').selectAll().where('phone', '=', '+2290195000001').executeTakeFirstOrThrow();
    expect(app.fedapay.pushes.get(Number(row.transaction_id))?.mode).toBe('moov');
    app.fedapay.setStatus(row.transaction_id!, 'declined');
    expect(await status(fee.json().id)).toBe('refuse');

    const celtiis = await post('/api/donation/initiate', { amount: 1500, mode: 'push', telephone: '0140000002' });
    expect(celtiis.statusCode, celtiis.body).toBe(202);
    expect(app.fedapay.pushes.get(Number((await gift('+2290140000002'))!.transaction_id))?.mode).toBe('sbin');
  });

  it('a number of no known network: a clear French 422 and nothing written, nothing sent to FedaPay', async () => {
    const before = app.fedapay.requests.length;
    const fixed = await post('/api/donation/initiate', { amount: 1000, mode: 'push', telephone: '+2290121301234' });
    expect(fixed.statusCode).toBe(422);
    expect(fixed.json().message).toBe(PUSH_MESSAGES.unknownOperator);
    expect(fixed.json().errors.telephone).toEqual([PUSH_MESSAGES.unknownOperator]);
    const foreign = await post('/api/pledges', {
      name: 'Marie Dupont',
      telephone: '+33612345678',
      amount: 3000,
      purpose: 'education',
      frequency: 'mensuel',
      mode: 'push',
    });
    expect(foreign.statusCode, foreign.body).toBe(422);
    expect(foreign.json().errors.telephone).toEqual([PUSH_MESSAGES.unknownOperator]);
    expect(await gift('+2290121301234')).toBeUndefined();
    expect(await app.t.db.selectFrom('pledges').select('id').where('telephone', '=', '+33612345678').execute()).toEqual([]);
    expect(app.fedapay.requests.length).toBe(before);
    // The page checkout still works for the same number: only the request on the telephone needs a network.
    expect((await post('/api/donation/initiate', { amount: 1000, telephone: '+2290121301234' })).statusCode).toBe(201);
  });

  it('FedaPay refusing the request on the telephone: 503, the record closed, never paid', async () => {
    const before = modeCalls().length;
    app.fedapay.fail(true);
    try {
      const res = await post('/api/donation/initiate', { amount: 1200, mode: 'push', telephone: '+2290166000009' });
      expect(res.statusCode).toBe(503);
    } finally {
      app.fedapay.fail(false);
    }
    expect(modeCalls().length).toBe(before);
    expect((await gift('+2290166000009'))!.transaction_status).toBe('canceled');
  });

  it('DON by SMS from a number of no known network gets its own answer, and nothing is created', async () => {
    const from = '+33612345679';
    const fields = new URLSearchParams({ MessageSid: 'SM1', From: from, To: '+2290100000000', Body: 'DON 1000' });
    const res = await app.t.app.inject({
      method: 'POST',
      url: '/api/sms/inbound',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(TOKEN, `${app.t.config.publicUrl}/api/sms/inbound`, fields),
      },
      payload: fields.toString(),
    });
    expect(res.statusCode).toBe(200);
    const sent = await app.t.db.selectFrom('outbox_messages').select('body').where('to_address', '=', from).execute();
    expect(sent.map((m) => m.body)).toEqual([SMS_ANSWERS.unknownOperator]);
    expect(await gift(from)).toBeUndefined();
  });
});
