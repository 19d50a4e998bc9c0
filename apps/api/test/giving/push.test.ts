import type { AddressInfo } from 'node:net';
import { LIMITS } from '@shared/constants';
import { PUSH_MESSAGES } from '@shared/schemas/payment-mode';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../src/platform/lib/clock';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, seedUser } from '../helpers/users';

// docs/giving-by-phone.md: `mode: "push"` asks the payer to approve on the telephone, with no page; the
// status comes only from the provider (here the sandbox, answered by POST /api/sandbox/push/{id}/approve|refuse).

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  // The limit per telephone is checked with real parallel requests, through the listening server.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
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

describe('requests on one telephone are limited', () => {
  const LIMIT = LIMITS.pushRequestsPerTelephone;
  const records = async (phone: string) =>
    (await t.db.selectFrom('donations').select('id').where('phone', '=', phone).execute()).length +
    (await t.db.selectFrom('payments').select('id').where('phone', '=', phone).execute()).length;
  // A gift or a fee, alternately: both count for the same telephone.
  const ask = (i: number, telephone: string) =>
    fetch(`${base}/api/${i % 2 ? 'payment' : 'donation'}/initiate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(
        i % 2
          ? { name: 'Adjo Membre', telephone, amount: 5000, payment_type: 'cotisation', mode: 'push' }
          : { amount: 1000, purpose: 'sante', mode: 'push', telephone },
      ),
    });

  it(`10 parallel requests for one number: exactly ${LIMIT} reach it, the others get a 429 in French and write nothing`, async () => {
    const telephone = '+2290196000020';
    const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => ask(i, telephone)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 202)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10 - LIMIT);
    const refused = responses.find((r) => r.status === 429)!;
    expect(((await refused.json()) as { message: string }).message).toBe(PUSH_MESSAGES.tooManyForTelephone);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LIMITS.pushRequestsWindowMs / 1000);
    expect(await records(telephone)).toBe(LIMIT);
    // Another number, and the checkout page for this one, are not held back.
    expect((await ask(0, '+2290196000021')).status).toBe(202);
    expect((await post('/api/donation/initiate', { amount: 1000, telephone })).statusCode).toBe(201);
  });

  it('the number can be asked again once its requests are older than the window', async () => {
    const telephone = '+2290196000022';
    for (let i = 0; i < LIMIT; i += 1) expect((await ask(i, telephone)).status).toBe(202);
    expect((await ask(0, telephone)).status).toBe(429);
    // A pledge asking its first gift on that number: the same 429, and the pledge is not left active.
    const pledge = await post('/api/pledges', {
      name: 'Kossi Donateur',
      telephone,
      amount: 3000,
      purpose: 'alimentation',
      frequency: 'mensuel',
      mode: 'push',
    });
    expect(pledge.statusCode, pledge.body).toBe(429);
    expect(pledge.json().message).toBe(PUSH_MESSAGES.tooManyForTelephone);
    const pledges = await t.db.selectFrom('pledges').select('status').where('telephone', '=', telephone).execute();
    expect(pledges.map((p) => p.status)).toEqual(['cancelled']);
    const old = new Date(Date.now() - LIMITS.pushRequestsWindowMs - 1000).toISOString();
    await t.db.updateTable('donations').set({ created_at: old }).where('phone', '=', telephone).execute();
    await t.db.updateTable('payments').set({ created_at: old }).where('phone', '=', telephone).execute();
    expect((await ask(0, telephone)).status).toBe(202);
  });
});
