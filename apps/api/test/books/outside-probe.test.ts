import { BOOKS_MESSAGES } from '@shared/schemas/books';
import { TREASURY_MESSAGES } from '@shared/schemas/treasury';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';
import { createAccount } from '../treasury/helpers';
import { type Entry, entries } from './helpers';

// What an outside attacker tried on the books (docs/books.md): reversing an entry posted from its source by hand,
// dates that open a year no closing can reach, amounts that are not whole FCFA, and direct edits of columns and
// totals the chain must see.

let t: TestApp;
let admin: SeededUser;
const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/admin/books/entries', headers: bearer(admin.token), payload });
const manual = (date: string, amount: unknown = 1_000) => ({
  date,
  journal: 'OD',
  label: 'Écriture de test',
  lines: [
    { account: '605', debit: amount },
    { account: '471', credit: amount },
  ],
});
const verify = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/admin/books/verify', headers: bearer(admin.token) })).json() as {
    ok: boolean;
    first_broken: number | null;
    totals_ok: boolean;
  };

beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
  await createAccount(t, admin, 'Caisse du siège', 'caisse', 50_000, '2026-01-01');
});
afterAll(async () => t?.close());

describe('the books hold against an outside attacker', () => {
  it('reverses by hand only a manual entry: one posted from its source is countered with its source', async () => {
    const opening = (await entries(t, admin, '?year=2026')).find((e: Entry) => e.journal === 'AN')!;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/books/entries/${opening.id}/reverse`,
      headers: bearer(admin.token),
      payload: { reason: 'annulation' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(BOOKS_MESSAGES.entryReversedAtSource);
  });

  it('refuses a day before 2000 and a year before the books’ first', async () => {
    for (const date of ['0001-01-01', '1999-12-31']) {
      const res = await post(manual(date));
      expect(res.statusCode, date).toBe(422);
      expect(JSON.stringify(res.json())).toContain(TREASURY_MESSAGES.dateTooOld);
    }
    const earlier = await post(manual('2010-05-05'));
    expect(earlier.statusCode).toBe(422);
    expect(JSON.stringify(earlier.json())).toContain(BOOKS_MESSAGES.beforeFirstYear(2026));
    const close = await t.app.inject({ method: 'GET', url: '/api/admin/books/entries?year=2010', headers: bearer(admin.token) });
    expect(close.json()).toEqual([]);
  });

  it('takes whole FCFA only: no boolean, exponent or decimal; spaces between thousands are fine', async () => {
    for (const amount of [true, '1e3', '10.5', 10.5, -5]) {
      const res = await post(manual('2026-02-01', amount));
      expect(res.statusCode, String(amount)).toBe(422);
    }
    const ok = await post(manual('2026-02-01', '5 000'));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().lines[0].debit).toBe(5_000);
  });

  it('sees a direct edit of an entry’s year, author or reversal link, and of the kept totals', async () => {
    expect(await verify()).toMatchObject({ ok: true, totals_ok: true });
    const last = await t.db.selectFrom('books_entries').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    for (const edit of [{ year: 2025 }, { created_by: 999 }, { reverses_id: 1 }, { source_type: 'manual', source_id: '7' }] as const) {
      await t.db.updateTable('books_entries').set(edit).where('id', '=', last.id).execute();
      const seen = await verify();
      expect(seen.ok, JSON.stringify(edit)).toBe(false);
      expect(seen.first_broken).toBe(last.id);
      await t.db
        .updateTable('books_entries')
        .set({
          year: last.year,
          created_by: last.created_by,
          reverses_id: last.reverses_id,
          source_type: last.source_type,
          source_id: last.source_id,
        })
        .where('id', '=', last.id)
        .execute();
    }
    expect(await verify()).toMatchObject({ ok: true, totals_ok: true });
    const total = await t.db.selectFrom('books_totals').selectAll().where('account', '=', '471').executeTakeFirstOrThrow();
    await t.db
      .updateTable('books_totals')
      .set({ credit: Number(total.credit) + 9_000_000 })
      .where('account', '=', '471')
      .where('year', '=', total.year)
      .execute();
    expect(await verify()).toMatchObject({ ok: false, first_broken: null, totals_ok: false });
  });
});
