import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';

// Issue 33 item 10: money recorded by hand sends the payer a receipt SMS with the receipt's link.
let t: TestApp;
let admin: SeededUser;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://asbe.example.bj' });
  admin = await seedUser(t, 'administrateur');
});
afterAll(async () => t?.close());

const today = () => new Date().toISOString().slice(0, 10);
const record = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/admin/offline-payments', headers: bearer(admin.token), payload });
const smsTo = (telephone: string) =>
  t.db
    .selectFrom('outbox_messages')
    .selectAll()
    .where('channel', '=', 'sms')
    .where('to_address', 'like', `%${telephone.slice(-8)}`)
    .execute();

describe('a receipt SMS for money recorded by hand', () => {
  it('a cash donation: one SMS to the payer naming the amount, with the signed receipt link', async () => {
    const res = await record({
      kind: 'donation',
      amount: 7500,
      name: 'Jean Hounkpatin',
      telephone: '+22961000077',
      method: 'especes',
      reference: 'Carnet 4 – reçu 1',
      received_at: today(),
      purpose: 'sante',
    });
    expect(res.statusCode).toBe(201);
    const sms = await smsTo('+22961000077');
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toContain('votre don de 7\u00a0500\u00a0FCFA est bien reçu');
    expect(sms[0]!.body).toContain(`https://asbe.example.bj${res.json().receipt_url}`);
  });

  it('a fee paid in cash: the SMS says the payment is confirmed, with its receipt', async () => {
    const res = await record({
      kind: 'payment',
      payment_type: 'cotisation',
      amount: 5000,
      name: 'Afi Membre',
      telephone: '+22961000078',
      method: 'especes',
      reference: 'Carnet 4 – reçu 2',
      received_at: today(),
    });
    expect(res.statusCode).toBe(201);
    const sms = await smsTo('+22961000078');
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toContain('votre paiement de 5\u00a0000\u00a0FCFA est confirmé');
    expect(sms[0]!.body).toContain('/api/receipts/payment/');
  });
});
