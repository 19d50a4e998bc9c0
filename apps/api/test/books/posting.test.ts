import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFedaPayTestApp, type FedaPayTestApp } from '../helpers/fedapay-app';
import type { TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';
import { createAccount, expenseValues, offlineDonation, postExpense } from '../treasury/helpers';
import { balanceOfAccount, type Entry, entries, expectBalanced, get, trialBalance } from './helpers';

// Books on SYCEBNL: the chart with the association's sub-accounts, every money movement posted once in the
// transaction that records it, manual entries, validated entries that are reversed and never edited, the chain.

let app: FedaPayTestApp;
let t: TestApp;
let admin: SeededUser;
let second: SeededUser;
let caisse: { id: number };
let banque: { id: number };
let momo: { id: number };

beforeAll(async () => {
  app = await createFedaPayTestApp('books', { eventIdFrom: 70000, overrides: { publicUrl: 'https://asbe.example.bj' } });
  t = app.t;
  admin = await seedUser(t, 'administrateur');
  second = await seedUser(t, 'administrateur');
  caisse = await createAccount(t, admin, 'Caisse du siège', 'caisse', 20_000);
  banque = await createAccount(t, admin, 'Compte Ecobank', 'banque', 500_000);
  momo = await createAccount(t, admin, 'MTN MoMo', 'mobile_money', 0);
});
afterAll(async () => {
  await app?.close();
});

async function giveOnline(amount: number, purpose = 'education') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/donation/initiate',
    payload: { amount, purpose, name: 'Ama Donatrice', phone: '0196000001' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return t.db.selectFrom('donations').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
}

const ledgerOf = async (id: number) => {
  const accounts = await get<{ id: number; ledger_account: string | null }[]>(t, admin, '/api/admin/treasury/accounts');
  return accounts.find((a) => a.id === id)!.ledger_account!;
};

describe('chart of accounts', () => {
  it('lists the SYCEBNL chart (classes 1–9) with each treasury account as a sub-account of 52, 55 or 57', async () => {
    const chart = await get<{ number: string; label: string; class: number }[]>(t, admin, '/api/admin/books/accounts');
    const byNumber = new Map(chart.map((a) => [a.number, a]));
    expect(new Set(chart.map((a) => a.class))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8, 9]));
    expect(byNumber.get('52')?.label).toBe('Banques');
    expect(byNumber.get('57')?.label).toBe('Caisse');
    expect(byNumber.get('58')?.label).toBe('Virements internes');
    expect(byNumber.get('13')?.class).toBe(1);
    expect(await ledgerOf(banque.id)).toMatch(/^521\d+$/);
    expect(await ledgerOf(momo.id)).toMatch(/^552\d+$/);
    expect(await ledgerOf(caisse.id)).toMatch(/^571\d+$/);
    expect(byNumber.get(await ledgerOf(caisse.id))?.label).toBe('Caisse — Caisse du siège');
  });

  it('adds a sub-account under an existing account only', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/admin/books/accounts',
      headers: bearer(admin.token),
      payload: { number: '6051001', label: 'Papeterie' },
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toEqual({ number: '6051001', label: 'Papeterie', class: 6 });
    const orphan = await t.app.inject({
      method: 'POST',
      url: '/api/admin/books/accounts',
      headers: bearer(admin.token),
      payload: { number: '489999', label: 'Nulle part' },
    });
    expect(orphan.statusCode).toBe(422);
    expect(orphan.json().errors.number).toEqual(['Ce numéro doit prolonger un compte existant du plan (par exemple 5211 sous 521).']);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/admin/books/accounts',
      headers: bearer(admin.token),
      payload: { number: '6051001', label: 'Encore' },
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.number).toEqual(['Ce numéro de compte existe déjà.']);
    const forbidden = await t.app.inject({ method: 'GET', url: '/api/admin/books/accounts' });
    expect(forbidden.statusCode).toBe(401);
  });
});

describe('posting', () => {
  it('posts opening balances to class 1', async () => {
    const list = await entries(t, admin, '?journal=AN');
    const opening = list.find((e) => e.lines.some((l) => l.account === '121' && l.credit === 500_000));
    expect(opening?.lines).toEqual([
      { account: await ledgerOf(banque.id), debit: 500_000, credit: 0 },
      { account: '121', debit: 0, credit: 500_000 },
    ]);
  });

  it('posts an approved online gift once, even under parallel webhooks, debiting mobile money and crediting gifts with its cause', async () => {
    const row = await giveOnline(25_000, 'education');
    await Promise.all([
      app.webhook(row.transaction_id!, 'approved'),
      app.webhook(row.transaction_id!, 'approved'),
      app.webhook(row.transaction_id!, 'approved'),
    ]);
    const posted = await t.db.selectFrom('books_entries').selectAll().where('label', 'like', 'Don — Éducation%').execute();
    expect(posted).toHaveLength(1);
    const [entry] = await entries(t, admin, `?account=${await ledgerOf(momo.id)}`);
    expect(entry!.journal).toBe('MM');
    expect(entry!.lines).toEqual([
      { account: await ledgerOf(momo.id), debit: 25_000, credit: 0 },
      { account: '7041', debit: 0, credit: 25_000, cause: 'education' },
    ]);
  });

  it('posts a cash gift, an expense by category, a transfer through 58 and a cancellation as a reversing entry', async () => {
    const cash = await offlineDonation(t, admin, { amount: 8_000, purpose: 'autres', account: caisse.id });
    expect(cash.statusCode, cash.body).toBe(201);
    const expense = await postExpense(t, admin, expenseValues(caisse.id, 5_000, { category: 'sante', purpose: 'sante' }));
    expect(expense.statusCode, expense.body).toBe(201);
    const transfer = await t.app.inject({
      method: 'POST',
      url: '/api/admin/treasury/transfers',
      headers: bearer(admin.token),
      payload: { from: banque.id, to: caisse.id, amount: 30_000, date: '2026-03-12', reference: 'RETRAIT-1' },
    });
    expect(transfer.statusCode, transfer.body).toBe(201);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/admin/expenses/${expense.json().id}/cancel`,
      headers: bearer(admin.token),
      payload: { reason: 'Facture en double' },
    });
    // An approved expense is cancelled by two administrators: one proposes, the other cancels.
    expect(cancel.statusCode, cancel.body).toBe(202);
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/admin/expenses/${expense.json().id}/cancel`,
      headers: bearer(second.token),
      payload: { reason: 'Facture en double' },
    });
    expect(done.statusCode, done.body).toBe(200);

    const list = await entries(t, admin, '?year=2026&per_page=500');
    expectBalanced(list);
    const caisseAccount = await ledgerOf(caisse.id);
    const gift = list.find((e) => e.lines.some((l) => l.account === '7042'));
    expect(gift?.lines).toEqual([
      { account: caisseAccount, debit: 8_000, credit: 0 },
      { account: '7042', debit: 0, credit: 8_000, cause: 'autres' },
    ]);
    const spent = list.find((e) => e.lines.some((l) => l.account === '6012' && l.debit === 5_000));
    expect(spent?.lines).toEqual([
      { account: '6012', debit: 5_000, credit: 0, cause: 'sante' },
      { account: caisseAccount, debit: 0, credit: 5_000 },
    ]);
    const transfers = list.filter((e) => e.lines.some((l) => l.account === '585'));
    expect(transfers).toHaveLength(2);
    const tb = await trialBalance(t, admin, 2026);
    expect(balanceOfAccount(tb, '585')).toBe(0);
    const reversal = list.find((e) => e.reverses === spent!.id);
    expect(reversal?.lines).toEqual([
      { account: caisseAccount, debit: 5_000, credit: 0 },
      { account: '6012', debit: 0, credit: 5_000, cause: 'sante' },
    ]);
    // The books' cash agrees with the treasury's balance of each account.
    const accounts = await get<{ id: number; balance: number; ledger_account: string }[]>(t, admin, '/api/admin/treasury/accounts');
    for (const a of accounts) expect(balanceOfAccount(tb, a.ledger_account), a.ledger_account).toBe(a.balance);
    expect(tb.reduce((s, l) => s + l.debit, 0)).toBe(tb.reduce((s, l) => s + l.credit, 0));
  });
});

describe('parallel postings', () => {
  it('posts transfers in both directions at once without a deadlock (every one answered, every one posted)', async () => {
    const before = await t.db
      .selectFrom('books_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/admin/treasury/transfers',
          headers: bearer(admin.token),
          payload: {
            from: i % 2 ? banque.id : caisse.id,
            to: i % 2 ? caisse.id : banque.id,
            amount: 100 + i,
            date: '2026-05-02',
            reference: `PAR-${i}`,
          },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 201));
    const after = await t.db
      .selectFrom('books_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(32);
    expect((await get<{ ok: boolean }>(t, admin, '/api/admin/books/verify')).ok).toBe(true);
  });
});

describe('manual entries, immutability, chain', () => {
  let manual: Entry;

  it('records a balanced manual entry and refuses an unbalanced one in French', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/books/entries',
      headers: bearer(admin.token),
      payload: {
        date: '2026-04-01',
        label: 'Achat de papeterie',
        lines: [
          { account: '605', debit: 3_000 },
          { account: await ledgerOf(caisse.id), credit: 2_500 },
        ],
      },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.lines).toEqual(['Écriture déséquilibrée : le total des débits doit égaler le total des crédits.']);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/admin/books/entries',
      headers: bearer(admin.token),
      payload: {
        date: '2026-04-01',
        label: 'Compte inconnu',
        lines: [
          { account: '6099', debit: 3_000 },
          { account: '471', credit: 3_000 },
        ],
      },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors['lines.0.account']).toEqual(['Ce compte n’existe pas dans le plan comptable.']);
    const badJournal = await t.app.inject({
      method: 'POST',
      url: '/api/admin/books/entries',
      headers: bearer(admin.token),
      payload: {
        date: '2026-04-01',
        journal: 'AN',
        label: 'À-nouveaux à la main',
        lines: [
          { account: '57', debit: 1 },
          { account: '471', credit: 1 },
        ],
      },
    });
    expect(badJournal.statusCode).toBe(422);
    expect(badJournal.json().errors.journal).toEqual([
      'Le journal s’écrit avec 2 à 4 lettres (BQ, MM, CA, OD…) ; AN est réservé aux à-nouveaux.',
    ]);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/admin/books/entries',
      headers: bearer(admin.token),
      payload: {
        date: '2026-04-01',
        label: 'Achat de papeterie',
        reference: 'FAC-12',
        lines: [
          { account: '6051001', debit: 3_000 },
          { account: '471', credit: 3_000 },
        ],
      },
    });
    expect(ok.statusCode, ok.body).toBe(201);
    manual = ok.json();
    expect(manual.journal).toBe('OD');
    expect(manual.number).toMatch(/^2026-\d{6}$/);
    expect(manual.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(manual.validated_at).toBeTruthy();
  });

  it('never changes nor deletes a validated entry; it reverses it once', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: `/api/admin/books/entries/${manual.id}`, headers: bearer(admin.token), payload: {} });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Une écriture validée ne peut être ni modifiée ni supprimée : contre-passez-la.');
    }
    const reversed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/books/entries/${manual.id}/reverse`,
      headers: bearer(admin.token),
      payload: { reason: 'Erreur de compte' },
    });
    expect(reversed.statusCode, reversed.body).toBe(201);
    expect(reversed.json().reverses).toBe(manual.id);
    expect(reversed.json().lines).toEqual([
      { account: '6051001', debit: 0, credit: 3_000 },
      { account: '471', debit: 3_000, credit: 0 },
    ]);
    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/admin/books/entries/${manual.id}/reverse`,
      headers: bearer(admin.token),
      payload: { reason: 'Encore' },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Cette écriture a déjà été contre-passée.');
    // The journal says which entries may be reversed by hand (manual ones) and which entry reversed this one.
    const listed = await entries(t, admin, '?year=2026&per_page=500');
    expect(listed.find((e) => e.id === manual.id)).toMatchObject({ manual: true, reversed_by: reversed.json().number });
    expect(listed.find((e) => e.id === reversed.json().id)).toMatchObject({ manual: false, reversed_by: null });
    expect(listed.filter((e) => e.journal === 'AN' || e.reference?.startsWith('DEP')).every((e) => !e.manual)).toBe(true);
  });

  it('verifies the chain, and finds a line changed in the database', async () => {
    const sound = await get<{ ok: boolean; entries: number; first_broken: number | null }>(t, admin, '/api/admin/books/verify');
    expect(sound.ok).toBe(true);
    expect(sound.first_broken).toBeNull();
    const total = await t.db
      .selectFrom('books_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(sound.entries).toBe(Number(total.n));

    await sql`update books_lines set debit = 3001 where entry_id = ${manual.id} and line_no = 1`.execute(t.db);
    const broken = await get<{ ok: boolean; first_broken: number | null }>(t, admin, '/api/admin/books/verify');
    expect(broken).toMatchObject({ ok: false, first_broken: manual.id });
    await sql`update books_lines set debit = 3000 where entry_id = ${manual.id} and line_no = 1`.execute(t.db);
    expect((await get<{ ok: boolean }>(t, admin, '/api/admin/books/verify')).ok).toBe(true);
  });

  it('lets only administrators read the books', async () => {
    const member = await seedUser(t, 'consommateur');
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/books/entries', headers: bearer(member.token) });
    expect(res.statusCode).toBe(403);
  });
});
