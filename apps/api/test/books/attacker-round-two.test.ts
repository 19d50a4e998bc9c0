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
});
