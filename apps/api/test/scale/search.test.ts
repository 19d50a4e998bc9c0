import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinnedSchema } from '../../src/platform/database/database';
import { migrations } from '../../src/platform/database/migrations';
import { expectSearchIndex } from './search-index';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';
import { seedDonations } from './seed-money';

let t: TestApp;
let admin: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
  await seedDonations(t.db, 2000, 2025);
});
afterAll(async () => t?.close());

const search = async (q: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/donations?per_page=100&q=${encodeURIComponent(q)}`,
    headers: bearer(admin.token),
  });
  expect(res.statusCode).toBe(200);
  return {
    ids: res.json().map((d: { receipt_number: string }) => d.receipt_number) as string[],
    total: Number(res.headers['x-total-count']),
  };
};

describe('searching the money lists by index', () => {
  it('finds a receipt number, a telephone typed in any spelling, a name part in any case, an e-mail', async () => {
    expect((await search('DON-00001234')).ids).toEqual(['DON-00001234']);
    expect((await search('don-00001234')).ids).toEqual(['DON-00001234']);
    for (const typed of ['+2290100001234', '01 00 00 12 34', '0100001234', '00229 01 00 00 12 34']) {
      expect((await search(typed)).ids).toEqual(['DON-00001234']);
    }
    // Part of a telephone typed with spaces: its digits, found through the index (the telephone is one of its columns).
    expect((await search('00 12 34')).ids).toEqual(['DON-00001234']);
    const byName = await search('donateur 123');
    expect(byName.total).toBe(11); // 123 and 1230 … 1239
    expect(byName.ids).toContain('DON-00000123');
    expect((await search('DONATEUR1999@')).ids).toEqual(['DON-00001999']);
    // A term of 3 characters is searched (1–2 are refused: short-search.test.ts).
    expect((await search('199')).total).toBeGreaterThan(0);
    // FTS5's query syntax is not open to the user: quotes and operators are searched as text.
    expect((await search('" OR *')).total).toBe(0);
    expect((await search('tx-17 AND')).total).toBe(0);
  });

  it('keeps the index current as records are added, corrected and erased', async () => {
    const row = await t.db
      .insertInto('donations')
      .values({
        amount: 1000,
        name: 'Aïcha Houngbédji',
        email: null,
        phone: '+2290197000001',
        transaction_status: 'approved',
        transaction_id: 'tx-new',
        provider: 'sandbox',
        receipt_number: 'DON-99999999',
        paid_at: '2025-05-05T10:00:00.000Z',
        created_at: '2025-05-05T10:00:00.000Z',
        updated_at: '2025-05-05T10:00:00.000Z',
        purpose: 'sante',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await search('houngbédji')).ids).toEqual(['DON-99999999']);
    await t.db.updateTable('donations').set({ name: 'Aïcha Soglo' }).where('id', '=', row.id).execute();
    expect((await search('houngbédji')).ids).toEqual([]);
    expect((await search('soglo')).ids).toEqual(['DON-99999999']);
    await t.db.deleteFrom('donations').where('id', '=', row.id).execute();
    expect((await search('soglo')).ids).toEqual([]);
  });

  it('looks a whole receipt number or telephone up exactly, and still finds an 8-digit transaction id', async () => {
    // An 8-digit provider id reads as a telephone of the former numbering: the identifiers are looked up too.
    await t.db
      .insertInto('donations')
      .values({
        amount: 2500,
        name: 'Koffi Exact',
        email: null,
        phone: '+2290197000002',
        transaction_status: 'approved',
        transaction_id: '87654321',
        provider: 'fedapay',
        receipt_number: 'DON-2025-004321',
        paid_at: '2025-06-05T10:00:00.000Z',
        created_at: '2025-06-05T10:00:00.000Z',
        updated_at: '2025-06-05T10:00:00.000Z',
        purpose: 'sante',
      })
      .execute();
    expect((await search('DON-2025-004321')).ids).toEqual(['DON-2025-004321']);
    expect((await search(' don-2025-004321 ')).ids).toEqual(['DON-2025-004321']);
    expect((await search('87654321')).ids).toEqual(['DON-2025-004321']);
    expect((await search('01 97 00 00 02')).ids).toEqual(['DON-2025-004321']);
    // Part of a receipt number is still a substring search.
    expect((await search('2025-00432')).ids).toEqual(['DON-2025-004321']);
  });

  it('never matches across two fields (a name then an e-mail), as a phrase of one field does', async () => {
    expect((await search('donateur 1234')).ids).toEqual(['DON-00001234']);
    expect((await search('donateur1234@')).ids).toEqual(['DON-00001234']);
    // « Donateur 1234 » then « donateur1234@exemple.bj »: joined with a space, this would match.
    expect((await search('donateur 1234 donateur1234')).total).toBe(0);
  });

  it('finds the rows already there when the search text migration runs on an existing database', async () => {
    const schema = pinnedSchema(t.db);
    const migrator = new Migrator({
      db: t.db,
      provider: { getMigrations: async () => migrations },
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
    expect((await migrator.migrateTo('20261127_0600_year_donor_counts')).error).toBeUndefined();
    await t.db
      .insertInto('donations')
      .values({
        amount: 3000,
        name: 'Zoé Avantmigration',
        email: null,
        phone: '+2290197000003',
        transaction_status: 'approved',
        transaction_id: 'tx-before',
        provider: 'sandbox',
        receipt_number: 'DON-99999998',
        paid_at: '2025-07-05T10:00:00.000Z',
        created_at: '2025-07-05T10:00:00.000Z',
        updated_at: '2025-07-05T10:00:00.000Z',
        purpose: 'sante',
      })
      .execute();
    const up = await migrator.migrateToLatest();
    expect(up.error, String(up.error)).toBeUndefined();
    expect((await search('avantmigration')).ids).toEqual(['DON-99999998']);
    expect((await search('donateur 1234')).ids).toEqual(['DON-00001234']);
  });

  it('answers a search from an index, not a scan of the table', () => expectSearchIndex(t, 'donations'));
});
