import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postEarlierMovements } from '../../src/modules/books';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { type SeededUser, seedUser } from '../helpers/users';
import { balanceOfAccount, entries, expectBalanced, get, trialBalance } from './helpers';

// Movements recorded before the books existed are posted once by a job the books run at start (after the
// migrations); a gift counted before the treasury existed has no account to land in and is listed as not mapped.

let t: TestApp;
let admin: SeededUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
});
afterAll(async () => {
  await t?.close();
});

const at = '2026-01-05T10:00:00.000Z';

describe('posting what was recorded before the books', () => {
  it('posts every earlier movement and opening balance once, and lists what it could not map', async () => {
    // The state of a database migrated from before the books: accounts without chart account, movements without entries.
    const caisse = await t.db
      .insertInto('treasury_accounts')
      .values({
        name: 'Caisse ancienne',
        kind: 'caisse',
        opening_balance: 10_000,
        opening_date: '2026-01-01',
        balance: 13_000,
        created_by: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const base = {
      account_id: caisse.id,
      nature: null,
      category: null,
      purpose: null,
      reference: null,
      reverses_id: null,
      created_by: null,
      created_at: at,
    };
    const gift = await t.db
      .insertInto('treasury_movements')
      .values({
        ...base,
        day: '2026-01-05',
        amount: 5_000,
        kind: 'recette',
        nature: 'don',
        purpose: 'sante',
        label: 'Don — Santé',
        source_type: 'donation',
        source_id: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('treasury_movements')
      .values({
        ...base,
        day: '2026-01-06',
        amount: -2_000,
        kind: 'depense',
        category: 'alimentation',
        label: 'Alimentation — Marché',
        source_type: 'expense',
        source_id: 1,
      })
      .execute();
    await t.db
      .insertInto('treasury_daily_totals')
      .values([
        { account_id: caisse.id, day: '2026-01-05', amount: 5_000, movements: 1 },
        { account_id: caisse.id, day: '2026-01-06', amount: -2_000, movements: 1 },
      ])
      .execute();
    await t.db
      .insertInto('treasury_income_sources')
      .values({
        source_type: 'donation',
        source_id: 77,
        account_id: null,
        amount: 4_000,
        month: '2025-12',
        purpose: 'education',
        counted: 1,
        updated_at: at,
      })
      .execute();
    await t.db.deleteFrom('books_meta').execute();

    const first = await postEarlierMovements(t.db);
    expect(first).toEqual({ posted: 3, unmapped: 1 });
    expect(await postEarlierMovements(t.db)).toBeNull();

    const list = await entries(t, admin, '?year=2026');
    expectBalanced(list);
    expect(list).toHaveLength(3);
    const giftEntry = list.find((e) => e.label === 'Don — Santé');
    expect(giftEntry?.lines).toEqual([
      { account: '5711', debit: 5_000, credit: 0 },
      { account: '7041', debit: 0, credit: 5_000, cause: 'sante' },
    ]);
    expect(giftEntry?.id).toBeGreaterThan(0);
    void gift;
    const tb = await trialBalance(t, admin, 2026);
    expect(balanceOfAccount(tb, '5711')).toBe(13_000);
    const accounts = await get<{ id: number; ledger_account: string }[]>(t, admin, '/api/admin/treasury/accounts');
    expect(accounts.find((a) => a.id === caisse.id)?.ledger_account).toBe('5711');

    const unmapped = await get<{ source_type: string; source_id: string; reason: string }[]>(t, admin, '/api/admin/books/unmapped');
    expect(unmapped).toEqual([
      expect.objectContaining({
        source_type: 'donation',
        source_id: '77',
        reason: 'Reçu en 12/2025 (4\u00a0000\u00a0FCFA) avant l’ouverture de la trésorerie : aucun compte de trésorerie où le porter.',
      }),
    ]);
    expect((await get<{ ok: boolean; entries: number }>(t, admin, '/api/admin/books/verify')).ok).toBe(true);
  });
});
