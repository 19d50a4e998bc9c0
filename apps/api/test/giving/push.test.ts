import { PUSH_MESSAGES } from '@shared/schemas/payment-mode';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../src/platform/lib/clock';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, seedUser } from '../helpers/users';

// docs/giving-by-phone.md: `mode: "push"` asks the payer to approve on the telephone, with no page; the
// status comes only from the provider (here the sandbox, answered by POST /api/sandbox/push/{id}/approve|refuse).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => setClock(null));
afterAll(() => t.close());

const post = (url: string, payload?: object) => t.app.inject({ method: 'POST', url, payload });
const status = async (id: string) => (await t.app.inject({ url: `/api/payments/push/${id}` })).json().status as string;
const smsTo = (to: string) =>
  t.db.selectFrom('outbox_messages').select('body').where('channel', '=', 'sms').where('to_address', '=', to).execute();

describe('a payment requested on the telephone', () => {
  it('a gift: 202 en_attente, approved on the telephone, then the SMS receipt', async () => {
    const res = await post('/api/donation/initiate', { amount: 2500, purpose: 'sante', mode: 'push', telephone: '+2290196000001' });
    expect(res.statusCode, res.body).toBe(202);
    const { id, status: first } = res.json();
    expect(first).toBe('en_attente');
    expect(id).toMatch(/^d_/);
    expect(await status(id)).toBe('en_attente');
    const approved = await post(`/api/sandbox/push/${id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe('approuve');
    expect(await status(id)).toBe('approuve');
    const gift = await t.db.selectFrom('donations').selectAll().where('phone', '=', '+2290196000001').executeTakeFirstOrThrow();
    expect(gift).toMatchObject({ amount: 2500, transaction_status: 'approved' });
    expect((await smsTo('+2290196000001')).some((m) => /don de 2\s500\sFCFA est bien reçu/.test(m.body))).toBe(true);
    // Answered once: a second answer changes nothing.
    expect((await post(`/api/sandbox/push/${id}/refuse`)).statusCode).toBe(409);
  });

  it('a membership fee: refused on the telephone, recorded as refused', async () => {
    const res = await post('/api/payment/initiate', {
      name: 'Adjo Membre',
      telephone: '+2290196000002',
      amount: 5000,
      payment_type: 'cotisation',
      mode: 'push',
    });
    expect(res.statusCode, res.body).toBe(202);
    const { id } = res.json();
    expect(id).toMatch(/^p_/);
    expect((await post(`/api/sandbox/push/${id}/refuse`)).json().status).toBe('refuse');
    const fee = await t.db.selectFrom('payments').selectAll().where('phone', '=', '+2290196000002').executeTakeFirstOrThrow();
    expect(fee.transaction_status).toBe('declined');
  });

  it('a pledge: its first gift approved on the telephone, then a due paid the same way from its link', async () => {
    const res = await post('/api/pledges', {
      name: 'Kossi Donateur',
      telephone: '+2290196000004',
      amount: 3000,
      purpose: 'alimentation',
      frequency: 'mensuel',
      mode: 'push',
    });
    expect(res.statusCode, res.body).toBe(202);
    const { id, pledge_id, manage_url } = res.json();
    expect(res.json().status).toBe('en_attente');
    expect((await post(`/api/sandbox/push/${id}/approve`)).json().status).toBe('approuve');
    const gift = await t.db.selectFrom('donations').selectAll().where('pledge_id', '=', pledge_id).executeTakeFirstOrThrow();
    expect(gift).toMatchObject({ amount: 3000, transaction_status: 'approved' });
    // The due just paid: nothing left to pay from the link.
    const token = new URL(manage_url).pathname.split('/').at(-1);
    const again = await post(`/api/pledges/by-token/${token}/pay`, { mode: 'push' });
    expect(again.statusCode).toBe(409);
  });

  it('expires after 5 minutes without an answer; a late approval changes nothing', async () => {
    const res = await post('/api/donation/initiate', { amount: 1000, mode: 'push', telephone: '+2290196000003' });
    const { id } = res.json();
    setClock(new Date(Date.now() + 5 * 60 * 1000 + 1000));
    expect(await status(id)).toBe('expire');
    expect((await post(`/api/sandbox/push/${id}/approve`)).statusCode).toBe(409);
  });

  it('needs the telephone; an unknown or forged id is 404', async () => {
    const res = await post('/api/donation/initiate', { amount: 1000, mode: 'push' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.telephone).toEqual([PUSH_MESSAGES.telephoneRequired]);
    expect((await post('/api/sandbox/push/d_inconnu/approve')).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/payments/push/1' })).statusCode).toBe(404);
  });

  it('the back office shows a gift asked on the telephone « Sur le téléphone », a checkout gift without a channel', async () => {
    await post('/api/donation/initiate', { amount: 4100, mode: 'push', telephone: '+2290196000005' });
    await post('/api/donation/initiate', { amount: 4200, telephone: '+2290196000006' });
    const admin = await seedUser(t, 'administrateur');
    const res = await t.app.inject({ url: '/api/donations?per_page=100', headers: bearer(admin.token) });
    expect(res.statusCode, res.body).toBe(200);
    const channelOf = (phone: string) => res.json().find((r: { phone: string }) => r.phone === phone)?.channel;
    expect(channelOf('+2290196000005')).toBe('telephone');
    expect(channelOf('+2290196000006')).toBeNull();
    const csv = await t.app.inject({ url: '/api/donations?format=csv', headers: bearer(admin.token) });
    expect(csv.body).toContain('Sur le téléphone');
  });
});
