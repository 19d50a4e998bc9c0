import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';

// An outside attacker's second round on the books (docs/books.md): entries deleted from the end of the chain, totals
// past 2^53, oversized entries, reversals of reversals, years in paths and off-balance-sheet accounts.

let t: TestApp;
let admin: SeededUser;
const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/admin/books/entries', headers: bearer(admin.token), payload });
const manual = (date: string, amount: number = 1_000, accounts: [string, string] = ['605', '471']) => ({
  date,
  journal: 'OD',
  label: 'Écriture de test',
  lines: [
    { account: accounts[0], debit: amount },
    { account: accounts[1], credit: amount },
  ],
});
const verify = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/admin/books/verify', headers: bearer(admin.token) })).json() as {
    ok: boolean;
    first_broken: number | null;
    totals_ok: boolean;
    head_ok: boolean;
  };

beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
});
afterAll(async () => t?.close());

describe('books: the attacker’s second round', () => {
  it('sees entries deleted from the end of the chain (the kept head no longer matches)', async () => {
    expect((await post(manual('2026-02-01', 1_000))).statusCode).toBe(201);
    expect((await post(manual('2026-02-02', 2_500))).statusCode).toBe(201);
    expect(await verify()).toMatchObject({ ok: true, totals_ok: true, head_ok: true });
    const last = await t.db.selectFrom('books_entries').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    const lines = await t.db.selectFrom('books_lines').selectAll().where('entry_id', '=', last.id).execute();
    await t.db.deleteFrom('books_lines').where('entry_id', '=', last.id).execute();
    await t.db.deleteFrom('books_entries').where('id', '=', last.id).execute();
    // The totals adjusted too, so that only the chain's head can tell.
    for (const l of lines) {
      const total = await t.db
        .selectFrom('books_totals')
        .selectAll()
        .where('year', '=', last.year)
        .where('account', '=', l.account)
        .executeTakeFirstOrThrow();
      await t.db
        .updateTable('books_totals')
        .set({ debit: Number(total.debit) - Number(l.debit), credit: Number(total.credit) - Number(l.credit) })
        .where('year', '=', last.year)
        .where('account', '=', l.account)
        .execute();
    }
    expect(await verify()).toMatchObject({ ok: false, first_broken: null, totals_ok: true, head_ok: false });
  });

  it('caps a manual entry’s total as a line is capped', async () => {
    const res = await post({
      date: '2026-03-01',
      journal: 'OD',
      label: 'Total trop élevé',
      lines: [
        { account: '605', debit: 6_000_000_000_000 },
        { account: '605', debit: 6_000_000_000_000 },
        { account: '471', credit: 6_000_000_000_000 },
        { account: '471', credit: 6_000_000_000_000 },
      ],
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.lines).toContain('Le montant est trop élevé.');
    const line = await post(manual('2026-03-01', 10_000_000_000_001));
    expect(line.statusCode).toBe(422);
    expect(JSON.stringify(line.json())).toContain('Le montant est trop élevé.');
    expect((await post(manual('2026-03-01', 10_000_000_000_000))).statusCode).toBe(201);
  });

  it('refuses a posting that would carry the year’s totals past 2^53', async () => {
    // 900 entries at the maximum would get there; the year's totals are set close to it directly.
    await t.db
      .insertInto('books_totals')
      .values({ year: 2024, account: '605', cause: '', carried: 0, debit: Number.MAX_SAFE_INTEGER - 991, credit: 0 })
      .execute();
    const over = await post(manual('2024-03-01', 1_000));
    expect(over.statusCode, over.body).toBe(422);
    expect(over.json().message).toBe('Le montant est trop élevé.');
    expect((await post(manual('2024-03-01', 900))).statusCode).toBe(201);
  });

  it('gives an entry of too many lines, and the reversal of a reversal, their own messages', async () => {
    const lines = Array.from({ length: 202 }, (_, i) => (i % 2 === 0 ? { account: '605', debit: 10 } : { account: '471', credit: 10 }));
    const many = await post({ date: '2026-04-01', journal: 'OD', label: 'Trop de lignes', lines });
    expect(many.statusCode).toBe(422);
    expect(many.json().errors.lines).toEqual(['Une écriture compte au plus 200 lignes.']);

    const entry = await post(manual('2026-04-01', 700));
    const reverse = (id: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/books/entries/${id}/reverse`,
        headers: bearer(admin.token),
        payload: { reason: 'Erreur de saisie' },
      });
    const reversal = await reverse(entry.json().id);
    expect(reversal.statusCode, reversal.body).toBe(201);
    const again = await reverse(reversal.json().id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Cette écriture est déjà une contre-passation.');
  });

  it('takes a year in a path as exactly four digits, from 2000', async () => {
    const put = (year: string) =>
      t.app.inject({ method: 'PUT', url: `/api/admin/books/budgets/${year}`, headers: bearer(admin.token), payload: { lines: [] } });
    for (const year of ['2026e0', '02026', '2026.0', ' 2026', '0x7EA']) {
      const res = await put(encodeURIComponent(year));
      expect(res.statusCode, `${year} ${res.body}`).toBe(422);
      expect(res.json().errors.year).toEqual(['Veuillez indiquer une année valide.']);
    }
    const old = await put('1999');
    expect(old.statusCode).toBe(422);
    expect(old.json().errors.year).toEqual([
      'Les comptes commencent en 2000 : une écriture ne peut pas être datée d’un exercice antérieur.',
    ]);
    expect((await put('2026')).statusCode).toBe(200);
    const status = await t.app.inject({ method: 'GET', url: '/api/admin/books/years/2026e0', headers: bearer(admin.token) });
    expect(status.statusCode).toBe(422);
  });

  it('refuses a manual entry moving a class 9 account against the balance sheet or the results', async () => {
    const accounts = (await t.app.inject({ method: 'GET', url: '/api/admin/books/accounts', headers: bearer(admin.token) })).json() as {
      number: string;
      class: number;
    }[];
    const nine = accounts.filter((a) => a.class === 9 && a.number.length >= 2).map((a) => a.number);
    expect(nine.length).toBeGreaterThanOrEqual(2);
    const mixed = await post(manual('2026-04-02', 1_000, [nine[0]!, '471']));
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json().errors.lines).toEqual(['Les comptes de la classe 9 ne se mouvementent qu’entre eux.']);
    const among = await post(manual('2026-04-02', 1_000, [nine[0]!, nine[1]!]));
    expect(among.statusCode, among.body).toBe(201);
  });
});
