import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFedaPayTestApp, type FedaPayTestApp } from '../helpers/fedapay-app';
import { pdfText } from '../helpers/pdf-text';
import type { TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';
import { createAccount, expenseValues, offlineDonation, postExpense } from '../treasury/helpers';
import { balanceOfAccount, entries, expectBalanced, get, trialBalance } from './helpers';

// A treasurer's whole year through the API: three accounts, gifts by mobile money, cash and an anonymous donor, a
// fee, a cancellation, expenses approved by a second administrator, a transfer, then the year's closing: the
// trial balance balances, assets = liabilities, the results agree, closing cash = the treasury accounts, the chain
// verifies; the year is locked, carried forward, and reopens only with a second administrator.

let app: FedaPayTestApp;
let t: TestApp;
let admin: SeededUser;
let second: SeededUser;
const YEAR = 2026;

interface Statements {
  balance_sheet: {
    assets: { account: string; amount: number }[];
    liabilities: { account: string; amount: number }[];
    total_assets: number;
    total_liabilities: number;
    result: number;
  };
  income_statement: { lines: { account: string; amount: number; kind: string }[]; result: number };
  cash_flow?: { closing_cash: number; treasury_balances: number; opening_cash: number; receipts: number; payments: number };
  checks: { balanced: boolean; results_agree: boolean; cash_agrees: boolean };
}

beforeAll(async () => {
  app = await createFedaPayTestApp('books-year', { eventIdFrom: 80000, overrides: { publicUrl: 'https://asbe.example.bj' } });
  t = app.t;
  admin = await seedUser(t, 'administrateur');
  second = await seedUser(t, 'administrateur');
});
afterAll(async () => {
  await app?.close();
});

const post = (user: SeededUser, url: string, payload: unknown = {}) =>
  t.app.inject({ method: 'POST', url, headers: bearer(user.token), payload: payload as never });

async function giveOnline(amount: number, purpose: string, donor: { name?: string; phone?: string } = {}) {
  const res = await t.app.inject({ method: 'POST', url: '/api/donation/initiate', payload: { amount, purpose, ...donor } });
  expect(res.statusCode, res.body).toBe(201);
  const row = await t.db.selectFrom('donations').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
  await app.webhook(row.transaction_id!, 'approved');
  return row;
}

describe('a whole year', () => {
  let caisse: { id: number };
  let banque: { id: number };
  let momo: { id: number };

  it('walks the year: every movement posted, balanced', async () => {
    caisse = await createAccount(t, admin, 'Caisse', 'caisse', 50_000);
    banque = await createAccount(t, admin, 'Banque BOA', 'banque', 1_000_000);
    momo = await createAccount(t, admin, 'Moov Money', 'mobile_money', 0);

    await giveOnline(40_000, 'education', { name: 'Ama Donatrice', phone: '0196000001' });
    await giveOnline(15_000, 'sante'); // anonymous
    const refunded = await giveOnline(5_000, 'sante', { name: 'Kodjo', phone: '0196000002' });
    expect((await offlineDonation(t, admin, { amount: 60_000, purpose: 'education', account: caisse.id })).statusCode).toBe(201);
    const fee = await post(admin, '/api/admin/offline-payments', {
      kind: 'payment',
      amount: 5_000,
      name: 'Fifamè Adjovi',
      telephone: '0197000003',
      method: 'especes',
      reference: 'COT-1',
      received_at: '2026-02-10',
      payment_type: 'cotisation',
      account: caisse.id,
    });
    expect(fee.statusCode, fee.body).toBe(201);
    // The provider refunds a gift: its reversing entry.
    await app.webhook(refunded.transaction_id!, 'refunded');

    // An expense above the threshold waits for a second administrator.
    const big = await postExpense(
      t,
      admin,
      expenseValues(banque.id, 150_000, { category: 'education', purpose: 'education', method: 'virement' }),
    );
    expect(big.statusCode, big.body).toBe(201);
    expect(big.json().status).toBe('en_attente');
    const approved = await post(second, `/api/admin/expenses/${big.json().id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    const small = await postExpense(t, admin, expenseValues(caisse.id, 20_000, { category: 'fonctionnement', purpose: '' }));
    expect(small.statusCode, small.body).toBe(201);

    const transfer = await post(admin, '/api/admin/treasury/transfers', {
      from: momo.id,
      to: banque.id,
      amount: 30_000,
      date: '2026-06-30',
      reference: 'PAYOUT-1',
    });
    expect(transfer.statusCode, transfer.body).toBe(201);

    const list = await entries(t, admin, `?year=${YEAR}&per_page=500`);
    expectBalanced(list);
    const refund = list.find((e) => e.reverses !== null && e.lines.some((l) => l.account === '7041' && l.debit === 5_000));
    expect(refund?.lines.find((l) => l.account === '7041')?.cause).toBe('sante');
  });

  it('balances: trial balance, statements with their identities, closing cash = treasury', async () => {
    const tb = await trialBalance(t, admin, YEAR);
    const debit = tb.reduce((s, l) => s + l.debit, 0);
    expect(debit).toBe(tb.reduce((s, l) => s + l.credit, 0));
    expect(tb.find((l) => l.account === '7011')).toMatchObject({ credit: 5_000, balance: -5_000, label: 'Cotisations' });
    expect(balanceOfAccount(tb, '7041')).toBe(-(40_000 + 15_000 + 60_000));
    expect(balanceOfAccount(tb, '6013')).toBe(150_000);
    expect(balanceOfAccount(tb, '638')).toBe(20_000);

    const s = await get<Statements>(t, admin, `/api/admin/books/statements?year=${YEAR}&system=normal`);
    expect(s.checks).toEqual({ balanced: true, results_agree: true, cash_agrees: true });
    expect(s.balance_sheet.total_assets).toBe(s.balance_sheet.total_liabilities);
    // 40 000 + 15 000 + 60 000 gifts + 5 000 fee − 150 000 − 20 000 expenses
    expect(s.income_statement.result).toBe(-50_000);
    expect(s.balance_sheet.result).toBe(-50_000);
    const accounts = await get<{ balance: number }[]>(t, admin, '/api/admin/treasury/accounts');
    const treasury = accounts.reduce((sum, a) => sum + a.balance, 0);
    expect(s.cash_flow?.closing_cash).toBe(treasury);
    expect(s.cash_flow?.treasury_balances).toBe(treasury);
    // The accounts' opening balances are the cash the year starts with, not receipts; the refunded gift is not a
    // receipt, nor its refund a payment; transfers are neither. opening + receipts − payments = closing.
    expect(s.cash_flow).toMatchObject({ opening_cash: 1_050_000, receipts: 40_000 + 15_000 + 60_000 + 5_000, payments: 170_000 });
    const flow = s.cash_flow!;
    expect(flow.opening_cash + flow.receipts - flow.payments).toBe(flow.closing_cash);

    const minimal = await get<Statements>(t, admin, `/api/admin/books/statements?year=${YEAR}&system=minimal`);
    expect(minimal.cash_flow).toBeUndefined();
    expect(minimal.checks.balanced).toBe(true);
    expect(minimal.income_statement.lines.map((l) => l.account).every((a) => a.length === 2)).toBe(true);
    expect((await get<{ ok: boolean }>(t, admin, '/api/admin/books/verify')).ok).toBe(true);
  });

  it('prints the statements, trial balance, journal and ledger as PDF with « − » readable, CSV one table per file', async () => {
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/admin/books/statements?year=${YEAR}&format=pdf`,
      headers: bearer(admin.token),
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Bilan');
    expect(text).toContain('Établi le');
    expect(text).toContain('Le président (représentant légal)');
    // pdfText reads WinAnsi bytes as Latin-1: the en dash « – » that stands for « − » is byte 0x96.
    expect(text).toContain('\u0096 Décaissements');
    expect(text).not.toContain('"');
    for (const path of ['trial-balance', 'journal', 'ledger']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/books/${path}?year=${YEAR}&format=pdf`,
        headers: bearer(admin.token),
      });
      expect(res.statusCode, path).toBe(200);
      expect(pdfText(res.rawPayload)).not.toContain('"');
    }
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/admin/books/trial-balance?year=${YEAR}&format=csv`,
      headers: bearer(admin.token),
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.startsWith('\uFEFFCompte;Intitulé;Débit (FCFA);Crédit (FCFA);Solde (FCFA)\r\n')).toBe(true);
    const zip = await t.app.inject({
      method: 'GET',
      url: `/api/admin/books/statements?year=${YEAR}&format=csv`,
      headers: bearer(admin.token),
    });
    expect(zip.headers['content-type']).toContain('application/zip');
    const names = zip.rawPayload.toString('latin1');
    for (const name of ['bilan-2026.csv', 'compte-de-resultat-2026.csv', 'flux-de-tresorerie-2026.csv']) expect(names).toContain(name);
  });

  it('exports every entry line for the accountant and prints the donor register', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/books/export?year=${YEAR}`, headers: bearer(admin.token) });
    expect(res.statusCode).toBe(200);
    const rows = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe('Journal;N° d’écriture;Date;Compte;Intitulé du compte;Référence;Libellé;Débit (FCFA);Crédit (FCFA);Validée le');
    const lineCount = (await entries(t, admin, `?year=${YEAR}&per_page=500`)).reduce((s, e) => s + e.lines.length, 0);
    expect(rows).toHaveLength(lineCount + 1);
    expect(rows.some((r) => r.includes(';7011;Cotisations;'))).toBe(true);
    const register = await t.app.inject({
      method: 'GET',
      url: `/api/admin/books/donor-register?year=${YEAR}`,
      headers: bearer(admin.token),
    });
    expect(register.statusCode).toBe(200);
    const text = pdfText(register.rawPayload);
    expect(text).toContain('Registre des dons');
    expect(text).toContain('Ama Donatrice');
    expect(text).toContain('Donateurs anonymes');
    expect(text).toContain('Le représentant légal');
  });

  it('keeps a budget and its execution', async () => {
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/books/budgets/${YEAR}`,
      headers: bearer(admin.token),
      payload: { lines: [{ account: '6099', amount: 1 }] },
    });
    expect(bad.statusCode).toBe(422);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/books/budgets/${YEAR}`,
      headers: bearer(admin.token),
      payload: {
        lines: [
          { account: '6013', cause: 'education', amount: 200_000 },
          { account: '7041', amount: 100_000 },
        ],
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    type Total = { budget: number; actual: number; difference: number };
    const execution = await get<{ lines: (Total & { account: string })[]; charges: Total; products: Total }>(
      t,
      admin,
      `/api/admin/books/budgets/${YEAR}/execution`,
    );
    expect(execution.lines).toEqual([
      expect.objectContaining({ account: '6013', budget: 200_000, actual: 150_000, difference: -50_000 }),
      expect.objectContaining({ account: '7041', budget: 100_000, actual: 115_000, difference: 15_000 }),
    ]);
    // Charges and products are totalled apart, each difference being actual − budget.
    expect(execution.charges).toEqual({ budget: 200_000, actual: 150_000, difference: -50_000 });
    expect(execution.products).toEqual({ budget: 100_000, actual: 115_000, difference: 15_000 });
  });

  it('closes the year: dedicated funds, result, carry-forward, lock', async () => {
    const closed = await post(admin, `/api/admin/books/years/${YEAR}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    // Education: 100 000 received, 150 000 spent → nothing left; santé: 15 000 unspent (the refunded 5 000 left).
    expect(closed.json()).toMatchObject({ year: YEAR, dedicated_funds: 15_000, result: -65_000, message: 'L’exercice 2026 est clôturé.' });
    const again = await post(admin, `/api/admin/books/years/${YEAR}/close`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('L’exercice 2026 est déjà clôturé.');

    const s = await get<Statements>(t, admin, `/api/admin/books/statements?year=${YEAR}`);
    expect(s.checks).toEqual({ balanced: true, results_agree: true, cash_agrees: true });
    expect(s.balance_sheet.liabilities.find((l) => l.account === '165')?.amount).toBe(15_000);
    expect(s.income_statement.result).toBe(-65_000);

    // Next year opens with the balance-sheet accounts: its trial balance holds the cash and the carried result.
    const next = await trialBalance(t, admin, YEAR + 1);
    const accounts = await get<{ balance: number; ledger_account: string }[]>(t, admin, '/api/admin/treasury/accounts');
    for (const a of accounts) expect(balanceOfAccount(next, a.ledger_account)).toBe(a.balance);
    expect(balanceOfAccount(next, '165')).toBe(-15_000);
    const opening = (await entries(t, admin, `?year=${YEAR + 1}&journal=AN`))[0]!;
    expect(opening.date).toBe(`${YEAR + 1}-01-01`);

    const late = await post(admin, '/api/admin/books/entries', {
      date: '2026-05-01',
      label: 'Oubli',
      lines: [
        { account: '638', debit: 1_000 },
        { account: '471', credit: 1_000 },
      ],
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('L’exercice 2026 est clôturé : aucune écriture ne peut y être datée.');
    expect((await get<{ ok: boolean }>(t, admin, '/api/admin/books/verify')).ok).toBe(true);
  });

  it('reopens only when a second administrator approves', async () => {
    const proposed = await post(admin, `/api/admin/books/years/${YEAR}/reopen`, { reason: 'Facture oubliée' });
    expect(proposed.statusCode, proposed.body).toBe(202);
    expect(proposed.json().status).toBe('en_attente');
    const own = await post(admin, `/api/admin/books/reopenings/${proposed.json().id}/approve`);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('Un autre administrateur que celui qui l’a proposée doit approuver cette réouverture.');
    const ok = await post(second, `/api/admin/books/reopenings/${proposed.json().id}/approve`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'approuvee', message: 'L’exercice 2026 est rouvert.' });
    // The carry-forward is undone: next year's trial balance is empty again, and the year takes entries.
    const next = await trialBalance(t, admin, YEAR + 1);
    expect(next.every((l) => l.balance === 0)).toBe(true);
    const late = await post(admin, '/api/admin/books/entries', {
      date: '2026-05-01',
      label: 'Facture oubliée',
      lines: [
        { account: '638', debit: 1_000 },
        { account: '471', credit: 1_000 },
      ],
    });
    expect(late.statusCode, late.body).toBe(201);
    const s = await get<Statements>(t, admin, `/api/admin/books/statements?year=${YEAR}`);
    expect(s.checks).toEqual({ balanced: true, results_agree: true, cash_agrees: true });
    expect((await get<{ ok: boolean }>(t, admin, '/api/admin/books/verify')).ok).toBe(true);
  });
});
