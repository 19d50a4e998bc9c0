import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../helpers/pdf-text';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';
import { readZip } from '../privacy/fixtures';
import { createAccount, expenseValues, offlineDonation, postExpense } from './helpers';

// The treasurer's findings (issue 40) on the annual statements and /transparence: the PDF's minus signs, one table per
// CSV file, accounts opened after the year, the running costs' share to the hundredth of a percent and a cause with
// fewer than 3 gifts in its year.

let t: TestApp;
let admin: SeededUser;

beforeAll(async () => {
  t = await createTestApp({ expenseApprovalThreshold: 1_000_000 });
  admin = await seedUser(t, 'administrateur');
  await createAccount(t, admin, 'Caisse 2025', 'caisse', 10_000, '2025-01-01');
  await createAccount(t, admin, 'Banque ouverte en 2026', 'banque', 500_000, '2026-02-01');
  for (const [i, day] of ['2025-03-01', '2025-03-02', '2025-03-03'].entries())
    expect((await offlineDonation(t, admin, { amount: 70_000, received_at: day, reference: `S-${i}` })).statusCode).toBe(201);
  expect((await offlineDonation(t, admin, { amount: 7_777, received_at: '2025-05-01', purpose: 'education' })).statusCode).toBe(201);
  const caisse = (await t.app.inject({ method: 'GET', url: '/api/admin/treasury/accounts', headers: bearer(admin.token) }))
    .json()
    .find((a: { name: string }) => a.name === 'Caisse 2025').id;
  for (const [category, amount] of [
    ['sante', 195_000],
    ['fonctionnement', 15_000],
  ] as const)
    expect((await postExpense(t, admin, expenseValues(caisse, amount, { category, purpose: '', paid_at: '2025-06-01' }))).statusCode).toBe(
      201,
    );
});
afterAll(async () => t?.close());

const report = (format: string) =>
  t.app.inject({ method: 'GET', url: `/api/admin/treasury/report?year=2025&format=${format}`, headers: bearer(admin.token) });

describe('annual statements', () => {
  it('the PDF prints minus signs as dashes, never as `"`', async () => {
    const text = pdfText((await report('pdf')).rawPayload);
    expect(text).toContain('\u0096 Dépenses');
    expect(text).not.toContain('" Dépenses');
  });

  it('the CSV is a ZIP of one table per file', async () => {
    const res = await report('csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = await readZip(res.rawPayload);
    expect([...files.keys()].sort()).toEqual(['etats-financiers-2025-comptes.csv', 'etats-financiers-2025-resultat.csv']);
    const result = files.get('etats-financiers-2025-resultat.csv')!.toString('utf8');
    expect(result).toContain('Total des recettes');
    expect(result).not.toContain('Solde au 31 décembre');
    expect(files.get('etats-financiers-2025-comptes.csv')!.toString('utf8')).toContain('Solde au 31 décembre');
  });

  it('an account opened after the year is absent from it', async () => {
    const body = (await report('json')).json();
    expect(body.accounts.map((a: { name: string }) => a.name)).toEqual(['Caisse 2025']);
    expect(body.balanced).toBe(true);
  });
});

describe('the donations list', () => {
  it('dates a cash gift by the day it was received, not the day it was typed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/donations?per_page=50', headers: bearer(admin.token) });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items ?? res.json();
    const days = (items as { paid_at: string | null }[]).map((d) => d.paid_at?.slice(0, 10));
    expect(days).toEqual(expect.arrayContaining(['2025-03-01', '2025-03-02', '2025-03-03', '2025-05-01']));
  });
});

describe('/api/transparency', () => {
  it('gives the running costs share to the hundredth of a percent', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/api/transparency?year=2025' })).json();
    expect(body.running_costs).toMatchObject({ fonctionnement: 15_000, total: 15_000, share: 0.0714 });
  });

  it('a cause with fewer than 3 gifts in its year shows no amount', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/api/transparency?year=2025' })).json();
    const education = body.causes.find((c: { purpose: string }) => c.purpose === 'education');
    expect(education).toMatchObject({ raised: null, donations: 1, other_months: { raised: null, donations: 1 } });
    expect(JSON.stringify(education)).not.toContain('7777');
    expect(body.causes.find((c: { purpose: string }) => c.purpose === 'sante').raised).toBe(210_000);
  });
});
