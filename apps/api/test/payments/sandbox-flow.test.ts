import { DEFAULT_DONATION_PURPOSE } from '@shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollPendingOnce } from '../../src/modules/payments/money';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, seedUser } from '../helpers/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const paymentBody = { name: 'Awa Dossou', email: 'awa@example.bj', phone: '+22996000001', amount: 10000, payment_type: 'adhesion' };

async function initiate(kind: 'payment' | 'donation', body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'POST', url: `/api/${kind}/initiate`, payload: body, headers });
  expect(res.statusCode).toBe(201);
  const url = res.json().url as string;
  expect(url).toMatch(/^\/api\/sandbox\/checkout\/[A-Za-z0-9_-]{43}$/);
  const table = kind === 'payment' ? 'payments' : 'donations';
  const row = await t.db
    .selectFrom(table as 'payments')
    .selectAll()
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return { url, row };
}

/** The payer's choice on the simulator, then the provider's return through the server, as a browser follows it. */
async function choose(checkoutUrl: string, outcome: string) {
  const post = await t.app.inject({
    method: 'POST',
    url: checkoutUrl,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${outcome}`,
  });
  expect(post.statusCode).toBe(303);
  const back = await t.app.inject({ method: 'GET', url: post.headers.location as string });
  expect(back.statusCode).toBe(302);
  return new URL(back.headers.location as string, 'http://x');
}

const receiptOf = (location: URL) => new URLSearchParams(location.hash.slice(1)).get('recu');

const payment = (id: number) => t.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const donation = (id: number) => t.db.selectFrom('donations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('validation (docs/product/validation.md, shared schemas)', () => {
  it.each([
    [{ ...paymentBody, name: '' }, 'name', 'Le nom est requis.'],
    [{ ...paymentBody, phone: '1234567' }, 'phone', 'Le numéro de téléphone doit comporter au moins 8 caractères.'],
    [{ ...paymentBody, amount: 0 }, 'amount', 'Le montant doit être supérieur à 0.'],
    [{ ...paymentBody, amount: -500 }, 'amount', 'Le montant doit être supérieur à 0.'],
    [{ ...paymentBody, amount: 1500.5 }, 'amount', 'Le montant doit être un nombre entier de FCFA.'],
    [{ ...paymentBody, amount: 'abc' }, 'amount', 'Le montant doit être supérieur à 0.'],
    [{ ...paymentBody, payment_type: 'don' }, 'payment_type', 'Type de paiement invalide.'],
    [{ ...paymentBody, email: 'pas-un-email' }, 'email', 'Veuillez entrer une adresse email valide.'],
  ])('payment %# → 422 on %s', async (body, field, message) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/payment/initiate', payload: body });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field as string]).toEqual([message]);
  });

  it.each([[0], [-100], [99], ['12'], [150.5], ['abc']])('donation amount %s → 422 with the spec message', async (amount) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/donation/initiate', payload: { amount, purpose: 'sante' } });
    expect(res.statusCode).toBe(422);
    const expected =
      amount === 150.5
        ? 'Le montant doit être un nombre entier de FCFA.'
        : 'Le montant doit être positif et comporter au moins 3 chiffres.';
    expect(res.json().errors.amount).toEqual([expected]);
  });

  it('refuses an unknown cause and defaults to a real one', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/donation/initiate', payload: { amount: 1000, purpose: 'Cause inconnue' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.purpose).toEqual(['Cause invalide.']);
    const { row } = await initiate('donation', { amount: '2500' });
    expect(row).toMatchObject({ purpose: DEFAULT_DONATION_PURPOSE, amount: 2500, transaction_status: 'pending' });
  });

  it('defaults the payment type to adhesion and links a signed-in member', async () => {
    const member = await seedUser(t, 'membre');
    const { payment_type: _omit, ...body } = paymentBody;
    const { row } = await initiate('payment', body, bearer(member.token));
    expect(row).toMatchObject({ payment_type: 'adhesion', user_id: member.id, provider: 'sandbox' });
  });
});

describe('sandbox checkout and the verified return flow', () => {
  it('serves a CSP-compliant simulator page (no script, clearly marked)', async () => {
    const { url } = await initiate('payment', paymentBody);
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Simulateur de paiement');
    expect(res.body).toContain('10\u00a0000\u00a0FCFA');
    expect(res.body).not.toMatch(/<script/i);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    for (const label of ['Paiement approuvé', 'Paiement refusé', 'Annuler le paiement', 'Laisser en attente'])
      expect(res.body).toContain(label);
  });

  it('approved: redirects to /paiement with the spec parameters and a working receipt link', async () => {
    const { url, row } = await initiate('payment', paymentBody);
    const location = await choose(url, 'approved');
    expect(location.pathname).toBe('/paiement');
    // No personal data in the URL: neither name, telephone nor transaction id; the receipt link in the fragment.
    expect(Object.fromEntries(location.searchParams)).toEqual({
      'transaction-status': 'approved',
      amount: '10000',
      payment_type: 'adhesion',
    });
    const after = await payment(row.id);
    expect(after).toMatchObject({ transaction_status: 'approved', is_verified: 1 });
    expect(after.receipt_number).toMatch(/^PAI-\d{4}-\d{6}$/);
    expect(after.paid_at).not.toBeNull();

    const receipt = receiptOf(location)!;
    const html = await t.app.inject({ method: 'GET', url: receipt });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.body).toContain(after.receipt_number);
    expect(html.body).toContain('10\u00a0000\u00a0FCFA');
    expect(html.body).toContain('dix mille francs CFA');
    expect(html.body).toContain("Frais d'adhésion".replace("'", '&#39;'));
    expect(html.body).toContain('Awa Dossou');
    expect(html.body).not.toMatch(/<script>/); // only the external print script
    const pdfHref = /href="([^"]+\/pdf\?signature=[^"]+)"/.exec(html.body)![1]!.replace(/&amp;/g, '&');
    const pdf = await t.app.inject({ method: 'GET', url: pdfHref });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const forged = await t.app.inject({ method: 'GET', url: receipt.replace(/signature=.{4}/, 'signature=AAAA') });
    expect(forged.statusCode).toBe(404);
    const unsigned = await t.app.inject({ method: 'GET', url: `/api/receipts/payment/${row.id}` });
    expect(unsigned.statusCode).toBe(404);
  });

  it('numbers receipts in sequence', async () => {
    const a = await initiate('payment', paymentBody);
    await choose(a.url, 'approved');
    const b = await initiate('payment', paymentBody);
    await choose(b.url, 'approved');
    const [na, nb] = [(await payment(a.row.id)).receipt_number!, (await payment(b.row.id)).receipt_number!];
    expect(Number(nb.slice(-6))).toBe(Number(na.slice(-6)) + 1);
  });

  it('canceled and declined: no receipt, the status the simulator gave', async () => {
    for (const outcome of ['canceled', 'declined']) {
      const { url, row } = await initiate('donation', { amount: 1500, purpose: 'education' });
      const location = await choose(url, outcome);
      expect(location.pathname).toBe('/donation');
      expect(Object.fromEntries(location.searchParams)).toMatchObject({
        'transaction-status': outcome,
        amount: '1500',
        purpose: 'education',
      });
      expect(receiptOf(location)).toBeNull();
      expect(await donation(row.id)).toMatchObject({ transaction_status: outcome, receipt_number: null, is_verified: 0 });
    }
  });

  it('pending, then approved later on the simulator (which notifies the server)', async () => {
    const { url, row } = await initiate('donation', { amount: 3000, purpose: 'logement' });
    const pending = await choose(url, 'pending');
    expect(pending.searchParams.get('transaction-status')).toBe('pending');
    // Only while pending: the spec's record post (POST /api/donation) names the transaction.
    expect(pending.searchParams.get('transaction-id')).toBe(row.transaction_id);
    expect((await donation(row.id)).transaction_status).toBe('pending');
    const later = await choose(url, 'approved');
    expect(later.searchParams.get('transaction-status')).toBe('approved');
    expect(receiptOf(later)).toMatch(/^\/api\/receipts\/donation\//);
    expect((await donation(row.id)).receipt_number).toMatch(/^DON-\d{4}-\d{6}$/);
  });

  it('the background re-check records an approval nobody reported', async () => {
    const { row } = await initiate('payment', paymentBody);
    await t.db.updateTable('sandbox_transactions').set({ status: 'approved' }).where('id', '=', row.transaction_id!).execute();
    expect((await payment(row.id)).transaction_status).toBe('pending');
    await pollPendingOnce(t.app.payments);
    expect((await payment(row.id)).transaction_status).toBe('approved');
  });

  it('an amount that differs at the provider is not approved', async () => {
    const { url, row } = await initiate('payment', paymentBody);
    await t.db.updateTable('sandbox_transactions').set({ amount: 100 }).where('id', '=', row.transaction_id!).execute();
    const location = await choose(url, 'approved');
    expect(location.searchParams.get('transaction-status')).not.toBe('approved');
    expect(await payment(row.id)).toMatchObject({ is_verified: 0, receipt_number: null });
  });
});

describe("POST /api/payment and /api/donation (the browser's record post)", () => {
  it("stores the provider status, not the body's; a replay changes nothing", async () => {
    const { row } = await initiate('payment', paymentBody);
    const body = {
      name: 'Awa Dossou',
      phone: '+22996000001',
      amount: 999999,
      payment_type: 'cotisation',
      transaction_status: 'approved',
      transaction_id: row.transaction_id,
    };
    const first = await t.app.inject({ method: 'POST', url: '/api/payment', payload: body });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ message: 'Transaction enregistrée.' });
    const stored = await payment(row.id);
    expect(stored).toMatchObject({ transaction_status: 'pending', amount: 10000, payment_type: 'adhesion', is_verified: 0 });
    const replay = await t.app.inject({ method: 'POST', url: '/api/payment', payload: body });
    expect(replay.statusCode).toBe(201);
    expect(await t.db.selectFrom('payments').select('id').where('transaction_id', '=', row.transaction_id!).execute()).toHaveLength(1);
  });

  it('refuses a forged transaction id with 422 and records nothing', async () => {
    const before = await t.db
      .selectFrom('payments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const id of ['sbx_forged', 'sbx_000000000000000000000000', '12345']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payment',
        payload: { ...paymentBody, transaction_status: 'approved', transaction_id: id },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.transaction_id).toEqual(['Transaction inconnue.']);
    }
    const after = await t.db
      .selectFrom('payments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("accepts the spec's hyphenated donation fields and still asks the provider", async () => {
    const { url, row } = await initiate('donation', { amount: 1200, purpose: 'vetement' });
    await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=pending',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/donation',
      payload: { amount: 1200, purpose: 'vetement', 'transaction-status': 'approved', 'transaction-id': row.transaction_id },
    });
    expect(res.statusCode).toBe(201);
    expect((await donation(row.id)).transaction_status).toBe('pending');
    const crossKind = await t.app.inject({
      method: 'POST',
      url: '/api/payment',
      payload: { ...paymentBody, transaction_id: row.transaction_id },
    });
    expect(crossKind.statusCode).toBe(422);
    const missing = await t.app.inject({ method: 'POST', url: '/api/donation', payload: { amount: 1200 } });
    expect(missing.statusCode).toBe(422);
  });

  it('refuses an unknown status value with a French 422', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment',
      payload: { ...paymentBody, transaction_status: 'paid', transaction_id: 'x' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.transaction_status).toEqual(['Statut de transaction invalide.']);
  });
});

describe('administrator lists and soft deletion', () => {
  it('requires a token (401) and the administrateur role (403)', async () => {
    const member = await seedUser(t, 'membre');
    for (const [method, url] of [
      ['GET', '/api/payments'],
      ['GET', '/api/donations'],
      ['DELETE', '/api/payments/1'],
      ['DELETE', '/api/donations/1'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
      expect((await t.app.inject({ method, url, headers: bearer(member.token) })).statusCode).toBe(403);
    }
  });

  it('lists newest first with the contract fields, filters, X-Total-Count and signed receipt URLs', async () => {
    const admin = await seedUser(t, 'administrateur');
    const a = await initiate('payment', { ...paymentBody, name: 'Zinsou Filtre' });
    await choose(a.url, 'approved');
    const res = await t.app.inject({ method: 'GET', url: '/api/payments?per_page=5', headers: bearer(admin.token) });
    expect(res.statusCode).toBe(200);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThan(5);
    const items = res.json();
    expect(items).toHaveLength(5);
    expect(Object.keys(items[0]).sort()).toEqual(
      [
        'amount',
        'channel',
        'created_at',
        'email',
        'id',
        'name',
        'paid_at',
        'payment_type',
        'phone',
        'receipt_number',
        'receipt_url',
        'transaction_id',
        'transaction_status',
        // How the money came in and whether it was cancelled (issue 12).
        'source',
        'method',
        'reference',
        'deleted_at',
        'deleted_reason',
      ].sort(),
    );
    expect(items[0].id).toBe(a.row.id);
    const receipt = await t.app.inject({ method: 'GET', url: items[0].receipt_url });
    expect(receipt.statusCode).toBe(200);

    const byName = await t.app.inject({ method: 'GET', url: '/api/payments?q=zinsou', headers: bearer(admin.token) });
    expect(byName.json().map((p: { id: number }) => p.id)).toEqual([a.row.id]);
    const canceled = await t.app.inject({ method: 'GET', url: '/api/payments?status=canceled', headers: bearer(admin.token) });
    expect(
      canceled
        .json()
        .every((p: { transaction_status: string; receipt_url: null }) => p.transaction_status === 'canceled' && p.receipt_url === null),
    ).toBe(true);
    const badStatus = await t.app.inject({ method: 'GET', url: '/api/payments?status=paid', headers: bearer(admin.token) });
    expect(badStatus.statusCode).toBe(422);

    const donations = await t.app.inject({ method: 'GET', url: '/api/donations?status=approved', headers: bearer(admin.token) });
    expect(donations.statusCode).toBe(200);
    expect(donations.json()[0]).toMatchObject({
      transaction_status: 'approved',
      purpose: expect.any(String),
      receipt_url: expect.stringMatching(/^\/api\/receipts\/donation\//),
    });
    expect(Object.keys(donations.json()[0]).sort()).toEqual(
      // name, email and phone: the donor's, when given (docs/product/donors.md).
      [
        'amount',
        'channel',
        'created_at',
        'email',
        'id',
        'name',
        'paid_at',
        'phone',
        'purpose',
        'receipt_number',
        'receipt_url',
        'transaction_id',
        'transaction_status',
        'source',
        'method',
        'reference',
        'deleted_at',
        'deleted_reason',
      ].sort(),
    );
  });

  it('soft-deletes: the item leaves the list, the row and an audit entry stay', async () => {
    const admin = await seedUser(t, 'administrateur');
    for (const kind of ['payment', 'donation'] as const) {
      const { row } = await initiate(kind, kind === 'payment' ? paymentBody : { amount: 500, purpose: 'autres' });
      const res = await t.app.inject({ method: 'DELETE', url: `/api/${kind}s/${row.id}`, headers: bearer(admin.token) });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(kind === 'payment' ? 'Paiement supprimé.' : 'Don supprimé.');
      const list = await t.app.inject({ method: 'GET', url: `/api/${kind}s?per_page=100`, headers: bearer(admin.token) });
      expect(list.json().map((p: { id: number }) => p.id)).not.toContain(row.id);
      const kept = await t.db
        .selectFrom(`${kind}s` as 'payments')
        .selectAll()
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow();
      expect(kept.deleted_at).not.toBeNull();
      expect(kept.deleted_by).toBe(admin.id);
      const audit = await t.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', `${kind}.delete`)
        .where('entity_id', '=', String(row.id))
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]!.actor_user_id).toBe(admin.id);
      const again = await t.app.inject({ method: 'DELETE', url: `/api/${kind}s/${row.id}`, headers: bearer(admin.token) });
      expect(again.statusCode).toBe(404);
    }
  });
});
