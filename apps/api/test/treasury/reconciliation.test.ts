import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';
import { field, file, multipart } from '../public-site/fixtures';
import { balanceOf, createAccount, expenseValues, postExpense } from './helpers';

// A bank statement (CSV with its own column names) reconciled with the books: exact and near lines matched
// automatically (same amount, within 3 days, same reference when both have one), the rest listed on both sides,
// matched by hand or booked; the statement's closing balance beside the book's.

let t: TestApp;
let admin: SeededUser;
let bank: { id: number };
const MAPPING = { date: 'Date opération', label: 'Libellé', amount: 'Montant', reference: 'Réf', balance: 'Solde' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
  bank = await createAccount(t, admin, 'Banque Atlantique', 'banque', 1_000_000, '2026-01-01');
  const exp = (amount: number, paid_at: string, reference?: string) =>
    postExpense(t, admin, expenseValues(bank.id, amount, { paid_at, method: 'cheque', ...(reference ? { reference } : {}) }));
  expect((await exp(25_000, '2026-03-10', 'CHQ-0001')).statusCode).toBe(201); // exact reference, 1 day apart
  expect((await exp(12_000, '2026-03-12')).statusCode).toBe(201); // no reference, 3 days apart
  expect((await exp(2_500, '2026-03-25')).statusCode).toBe(201); // 5 days from its line: near, not automatic
  expect((await exp(7_000, '2026-03-14', 'CHQ-0009')).statusCode).toBe(201); // the line has another reference
  const transfer = await t.app.inject({
    method: 'POST',
    url: '/api/admin/treasury/transfers',
    headers: bearer(admin.token),
    payload: {
      from: (await createAccount(t, admin, 'Caisse', 'caisse', 500_000, '2026-01-01')).id,
      to: bank.id,
      amount: 100_000,
      date: '2026-03-13',
    },
  });
  expect(transfer.statusCode).toBe(201);
});
afterAll(async () => t?.close());

const CSV = [
  'Date opération;Libellé;Montant;Réf;Solde',
  '11/03/2026;CHEQUE 0001;-25 000;CHQ-0001;975 000',
  '2026-03-15;CHEQUE;-12000;;963 000',
  '13/03/2026;VERSEMENT ESPECES;100.000;;1 063 000',
  '20/03/2026;CHEQUE 0003;-2 500;;1 060 500',
  '14/03/2026;CHEQUE 0007;-7 000;CHQ-0007;1 053 500',
  '"28/03/2026";"AGIOS; FRAIS DE TENUE";-1 500;;1 052 000',
].join('\r\n');

function upload(csv: string, mapping: object = MAPPING, account = bank.id) {
  const body = multipart([
    field('account', String(account)),
    field('mapping', JSON.stringify(mapping)),
    file('file', 'releve-mars.csv', Buffer.from(`\uFEFF${csv}`), 'text/csv'),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/treasury/statements',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(admin.token) },
  });
}

describe('reconciliation', () => {
  it('matches exact and near lines automatically and lists the rest on both sides, then by hand and by booking', async () => {
    const res = await upload(CSV);
    expect(res.statusCode, res.body).toBe(201);
    const st = res.json();
    expect(st.lines).toHaveLength(6);
    const byLine = (n: number) => st.lines.find((l: { line: number }) => l.line === n);
    expect(byLine(2).match).toBe('auto'); // reference and amount, 1 day
    expect(byLine(3).match).toBe('auto'); // amount, 3 days, no reference
    expect(byLine(4).match).toBe('auto'); // the transfer, same day, 100.000 read as 100 000
    expect(byLine(5).match).toBeNull(); // 5 days away
    expect(byLine(6).match).toBeNull(); // references differ
    expect(byLine(7).match).toBeNull(); // nothing in the books
    expect(byLine(7).label).toBe('AGIOS; FRAIS DE TENUE');
    expect(st.matched).toBe(3);
    expect(st.unmatched_lines.map((l: { line: number }) => l.line)).toEqual([5, 6, 7]);
    expect(st.unmatched_movements.map((m: { amount: number }) => m.amount).sort()).toEqual([-7_000, -2_500].sort());
    expect(st.statement_balance).toBe(1_052_000);
    expect(st.book_balance).toBe(1_000_000 - 25_000 - 12_000 - 2_500 - 7_000 + 100_000);
    expect(st.difference).toBe(st.statement_balance - st.book_balance);

    // By hand: the near line with its movement.
    const near = st.unmatched_movements.find((m: { amount: number }) => m.amount === -2_500);
    const wrong = await t.app.inject({
      method: 'POST',
      url: `/api/admin/treasury/statements/${st.id}/matches`,
      headers: bearer(admin.token),
      payload: { line: byLine(6).id, movement: near.id },
    });
    expect(wrong.statusCode).toBe(422);
    const manual = await t.app.inject({
      method: 'POST',
      url: `/api/admin/treasury/statements/${st.id}/matches`,
      headers: bearer(admin.token),
      payload: { line: byLine(5).id, movement: near.id },
    });
    expect(manual.statusCode, manual.body).toBe(200);
    expect(manual.json().lines.find((l: { line: number }) => l.line === 5).match).toBe('manuel');
    expect(manual.json().unmatched_movements.map((m: { id: number }) => m.id)).not.toContain(near.id);

    // Booked: the bank's fees become an expense of the account, reconciled.
    const before = await balanceOf(t, admin, bank.id);
    const booked = await t.app.inject({
      method: 'POST',
      url: `/api/admin/treasury/statements/${st.id}/lines/${byLine(7).id}/book`,
      headers: bearer(admin.token),
      payload: { kind: 'depense', category: 'frais_financiers', payee: 'Banque Atlantique' },
    });
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json().lines.find((l: { line: number }) => l.line === 7).match).toBe('saisie');
    expect(await balanceOf(t, admin, bank.id)).toBe(before - 1_500);
    const wrongSign = await t.app.inject({
      method: 'POST',
      url: `/api/admin/treasury/statements/${st.id}/lines/${byLine(6).id}/book`,
      headers: bearer(admin.token),
      payload: { kind: 'recette' },
    });
    expect(wrongSign.statusCode).toBe(422);
    // A movement is reconciled once: a second statement leaves it alone.
    const again = (await upload(CSV)).json();
    expect(again.matched).toBe(0);
    expect(again.unmatched_movements.map((m: { amount: number }) => m.amount)).toEqual([-7_000]);
  });

  it('refuses a missing column, an unreadable line and a missing file with French messages', async () => {
    const missing = await upload(CSV, { ...MAPPING, amount: 'Débit' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.mapping[0]).toBe('Colonne introuvable dans le relevé : Débit');
    const unreadable = await upload('Date opération;Libellé;Montant;Réf;Solde\r\nhier;X;-12,5x;;');
    expect(unreadable.statusCode).toBe(422);
    expect(unreadable.json().errors.file[0]).toContain('ligne 2');
    const body = multipart([field('account', String(bank.id)), field('mapping', JSON.stringify(MAPPING))]);
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/admin/treasury/statements',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(admin.token) },
    });
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json().errors.file).toEqual(['Veuillez joindre le relevé au format CSV.']);
  });
});
