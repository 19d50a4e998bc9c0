import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../helpers/pdf-text';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';

// Issue 25 row 6 (docs/product/accounts.md): a cancelled or refunded record's receipt still opens, stamped
// « ANNULÉ » or « REMBOURSÉ » with the date and the reason, and no longer attests the money received.

let t: TestApp;
let admin: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
});
afterAll(async () => t?.close());

let n = 0;
async function cashDonation() {
  n += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/offline-payments',
    headers: bearer(admin.token),
    payload: {
      kind: 'donation',
      amount: 4000 + n,
      name: 'Donatrice Vérifiée',
      telephone: '0197440000',
      method: 'especes',
      reference: `VOID-${n}`,
      received_at: '2026-03-02',
      purpose: 'sante',
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; receipt_url: string };
}

describe('voided receipts', () => {
  it('a live receipt attests the money received', async () => {
    const { receipt_url } = await cashDonation();
    const html = await t.app.inject({ method: 'GET', url: receipt_url });
    expect(html.body).toContain('atteste avoir reçu ce don');
    expect(html.body).not.toContain('ANNULÉ');
  });

  it('a cancelled record’s receipt opens, stamped « ANNULÉ » with the date and the reason, and attests nothing', async () => {
    const { id, receipt_url } = await cashDonation();
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/donations/${id}`,
      headers: bearer(admin.token),
      payload: { reason: 'Saisie en double' },
    });
    expect(del.statusCode).toBe(200);
    const today = new Intl.DateTimeFormat('fr-FR', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Africa/Porto-Novo',
    }).format(new Date());

    const html = await t.app.inject({ method: 'GET', url: receipt_url });
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain('<strong>ANNULÉ</strong>');
    expect(html.body).toContain(`Annulé le ${today}. Motif : Saisie en double.`);
    expect(html.body).not.toContain('atteste avoir reçu');
    expect(html.body).toContain('n’atteste plus la réception de cette somme');

    const pdf = await t.app.inject({ method: 'GET', url: receipt_url.replace('?', '/pdf?') });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('ANNULÉ');
    expect(text).toContain('Saisie en double');
    expect(text).not.toContain('atteste avoir reçu');
  });

  it('a refunded record’s receipt is stamped « REMBOURSÉ » with the date and attests nothing', async () => {
    const { id, receipt_url } = await cashDonation();
    await t.db
      .updateTable('donations')
      .set({ transaction_status: 'refunded', updated_at: '2026-04-10T09:00:00.000Z' })
      .where('id', '=', id)
      .execute();
    const html = await t.app.inject({ method: 'GET', url: receipt_url });
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain('<strong>REMBOURSÉ</strong>');
    expect(html.body).toContain('Remboursé au payeur le 10 avril 2026.');
    expect(html.body).not.toContain('atteste avoir reçu');
    const text = pdfText((await t.app.inject({ method: 'GET', url: receipt_url.replace('?', '/pdf?') })).rawPayload);
    expect(text).toContain('REMBOURSÉ');
    expect(text).not.toContain('atteste avoir reçu');
  });
});
