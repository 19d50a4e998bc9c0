import { LIST_MESSAGES, SEARCH_COUNT_CAP } from '@shared/messages';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SKIPPED_ROWS, PAGE_MESSAGES } from '../../src/platform/lib/pagination';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';
import { seedDonations } from './seed-money';

// A search counts at most SEARCH_COUNT_CAP matches: beyond, X-Total-Count says the cap and X-Total-Count-Capped
// says there are more (docs/product/http-api.md, « Pagination »); a common word's page stays exact.

let t: TestApp;
let admin: SeededUser;
const SEEDED = SEARCH_COUNT_CAP + 50;

beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
  // « Donateur 0 » … « Donateur 1049 », all written on the same day (the id orders them).
  await seedDonations(t.db, SEEDED, 2025);
});
afterAll(async () => t?.close());

const list = (query: string) => t.app.inject({ method: 'GET', url: `/api/donations?${query}`, headers: bearer(admin.token) });
const receipts = (res: { json: () => unknown }) => (res.json() as Array<{ receipt_number: string }>).map((d) => d.receipt_number);
/** The SQL the app sends while `run` runs (through the database's executor, shared with the app). */
async function statementsOf<T>(run: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const executor = t.db.getExecutor();
  const statements: string[] = [];
  const original = executor.executeQuery;
  executor.executeQuery = ((query, ...rest) => {
    statements.push(query.sql);
    return original.call(executor, query, ...rest);
  }) as typeof original;
  try {
    return { result: await run(), statements };
  } finally {
    executor.executeQuery = original;
  }
}
const receipt = (i: number) => `DON-${String(i).padStart(8, '0')}`;
const names = (res: { json: () => unknown }) => (res.json() as Array<{ name: string }>).map((u) => u.name);
/** SEEDED member accounts « <name> 0 » … « <name> SEEDED - 1 », telephones `<prefix>` + 8 digits, all created the same day. */
async function seedMembers(name: string, prefix: string) {
  await sql`with recursive s(i) as (select 0 union all select i + 1 from s where i < ${sql.lit(SEEDED - 1)})
    insert into users (name, email, telephone, password_hash, role, is_confirmed, first_login, created_at, updated_at)
    select ${sql.lit(`${name} `)} || i, ${sql.lit(name.toLowerCase())} || i || '@exemple.bj', ${sql.lit(prefix)} || substr('00000000' || i, -8),
      'x', 'membre', 1, 0, '2025-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z' from s`.execute(t.db);
}

describe('a search matching more rows than are counted', () => {
  it('answers the capped count with X-Total-Count-Capped, and a rarer search its exact count without it', async () => {
    const common = await list('q=donateur&per_page=20');
    expect(common.statusCode).toBe(200);
    expect(common.headers['x-total-count']).toBe(String(SEARCH_COUNT_CAP));
    expect(common.headers['x-total-count-capped']).toBe('true');
    expect(String(common.headers['access-control-expose-headers'])).toContain('x-total-count-capped');
    expect(receipts(common)).toEqual(Array.from({ length: 20 }, (_, k) => receipt(SEEDED - 1 - k)));

    // « Donateur 12 » and 120–129: 11 rows, counted exactly.
    const rare = await list('q=donateur%2012&per_page=20');
    expect(rare.headers['x-total-count']).toBe('11');
    expect(rare.headers['x-total-count-capped']).toBeUndefined();
    expect(LIST_MESSAGES.cappedTotal).toBe('Plus de 500 résultats');
  });

  it('reads the pages of a common word in order, by page and by cursor, even when ids and dates disagree', async () => {
    // An old row dated later than the rest (an id far below the newest): the list still shows it first.
    await t.db.updateTable('donations').set({ created_at: '2025-06-01T00:00:00.000Z' }).where('receipt_number', '=', receipt(5)).execute();
    const first = await list('q=donateur&per_page=20');
    expect(receipts(first).slice(0, 2)).toEqual([receipt(5), receipt(SEEDED - 1)]);
    const second = await list('q=donateur&per_page=20&page=2');
    const next = await list(`q=donateur&per_page=20&after=${encodeURIComponent(String(first.headers['x-next-cursor']))}`);
    expect(receipts(next)).toEqual(receipts(second));
    expect(receipts(second)[0]).toBe(receipt(SEEDED - 20));
    await t.db.updateTable('donations').set({ created_at: '2025-01-01T00:00:00.000Z' }).where('receipt_number', '=', receipt(5)).execute();

    // Pages go on past the count's cap, as far as a page may skip; beyond, the end of the list is unknown and the
    // cursor goes on.
    const pastCap = await list(`q=donateur&per_page=20&page=${SEARCH_COUNT_CAP / 20 + 2}`);
    expect(pastCap.statusCode).toBe(200);
    expect(receipts(pastCap)[0]).toBe(receipt(SEEDED - 1 - SEARCH_COUNT_CAP - 20));
    const beyond = await list(`q=donateur&per_page=20&page=${MAX_SKIPPED_ROWS / 20 + 2}`);
    expect(beyond.statusCode).toBe(422);
    expect(beyond.json()).toMatchObject({ errors: { page: [PAGE_MESSAGES.tooDeep] } });
  });

  it('counts and pages the accounts list the same way', async () => {
    await seedMembers('Sossa', '+22951');
    const users = (query: string) => t.app.inject({ method: 'GET', url: `/api/users?${query}`, headers: bearer(admin.token) });
    const first = await users('q=sossa&per_page=20');
    expect(first.headers['x-total-count']).toBe(String(SEARCH_COUNT_CAP));
    expect(first.headers['x-total-count-capped']).toBe('true');
    expect(names(first)).toEqual(Array.from({ length: 20 }, (_, k) => `Sossa ${SEEDED - 1 - k}`));
    const next = await users(`q=sossa&per_page=20&after=${encodeURIComponent(String(first.headers['x-next-cursor']))}`);
    expect(names(next)).toEqual(names(await users('q=sossa&per_page=20&page=2')));
    const few = await users('q=sossa%2010&per_page=20');
    expect(few.headers['x-total-count']).toBe('11'); // Sossa 10 and 100–109
    expect(few.headers['x-total-count-capped']).toBeUndefined();
  });

  it('counts and pages the members list the same way, with its status filter', async () => {
    await seedMembers('Adjovi', '+22952');
    const members = (query: string) => t.app.inject({ method: 'GET', url: `/api/members?${query}`, headers: bearer(admin.token) });
    const { result: first, statements } = await statementsOf(() => members('q=adjovi&per_page=20'));
    expect(first.statusCode).toBe(200);
    // The page is read from the newest matches, not from the set of all of them, though accounts created later (the
    // administrators, older ids) sort before them: on SQLite from the FTS5 table, on PostgreSQL from the side table.
    const key = t.config.database.dialect === 'sqlite' ? 'rowid' : 'id';
    expect(statements.join('\n')).toMatch(new RegExp(`order by "users_search"\\."${key}" desc limit`));
    expect(statements.join('\n')).not.toMatch(/(match \?|escape '\\')\)/);
    expect(first.headers['x-total-count']).toBe(String(SEARCH_COUNT_CAP));
    expect(first.headers['x-total-count-capped']).toBe('true');
    expect(names(first)).toEqual(Array.from({ length: 20 }, (_, k) => `Adjovi ${SEEDED - 1 - k}`));
    const next = await members(`q=adjovi&per_page=20&after=${encodeURIComponent(String(first.headers['x-next-cursor']))}`);
    expect(names(next)).toEqual(names(await members('q=adjovi&per_page=20&page=2')));
    expect(names(next)[0]).toBe(`Adjovi ${SEEDED - 21}`);
    // None of them has a membership: « aucune » finds them all, « à jour » none.
    const none = await members('q=adjovi&per_page=20&status=aucune');
    expect(none.headers['x-total-count-capped']).toBe('true');
    expect(names(none)).toEqual(names(first));
    const current = await members('q=adjovi&per_page=20&status=a_jour');
    expect(current.headers['x-total-count']).toBe('0');
    expect(current.json()).toEqual([]);
    const few = await members('q=adjovi%2010&per_page=20');
    expect(few.headers['x-total-count']).toBe('11'); // Adjovi 10 and 100–109
    expect(few.headers['x-total-count-capped']).toBeUndefined();
  });

  it('counts the year-end receipts list the same way, and pages a common name in telephone order', async () => {
    const donors = (query: string) =>
      t.app.inject({ method: 'GET', url: `/api/admin/year-receipts?year=2025&${query}`, headers: bearer(admin.token) });
    const phones = (res: { json: () => unknown }) => (res.json() as Array<{ telephone: string }>).map((d) => d.telephone);
    const phone = (i: number) => `+22901${String(i).padStart(8, '0')}`;
    const { result: first, statements } = await statementsOf(() => donors('q=donateur&per_page=20'));
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe(String(SEARCH_COUNT_CAP));
    expect(first.headers['x-total-count-capped']).toBe('true');
    expect(phones(first)).toEqual(Array.from({ length: 20 }, (_, k) => phone(k)));
    // SQLite: the page walks the donors in telephone order, never the set of all matching telephones.
    if (t.config.database.dialect === 'sqlite') expect(statements.join('\n')).not.toMatch(/"phone" in \(select/);
    const next = await donors(`q=donateur&per_page=20&after=${encodeURIComponent(String(first.headers['x-next-cursor']))}`);
    expect(phones(next)).toEqual(Array.from({ length: 20 }, (_, k) => phone(20 + k)));
    expect(phones(await donors('q=donateur&per_page=20&page=2'))).toEqual(phones(next));
    // The end of a capped list is unknown: beyond the deepest skip only the cursor goes on.
    const beyond = await donors(`q=donateur&per_page=20&page=${MAX_SKIPPED_ROWS / 20 + 2}`);
    expect(beyond.statusCode).toBe(422);
    const deepest = await donors(`q=donateur&per_page=20&page=${SEARCH_COUNT_CAP / 20 + 1}`);
    expect(phones(deepest)[0]).toBe(phone(SEARCH_COUNT_CAP));

    // « Donateur 12 » and 120–129: 11 donors, counted exactly.
    const rare = await donors('q=donateur%2012&per_page=20');
    expect(rare.headers['x-total-count']).toBe('11');
    expect(rare.headers['x-total-count-capped']).toBeUndefined();
    expect(phones(rare).slice(0, 3)).toEqual([phone(12), phone(120), phone(121)]);
  });
});
