import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SKIPPED_ROWS, PAGE_MESSAGES } from '../../src/platform/lib/pagination';
import { walkAll } from '../helpers/pages';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';
import { seedDonations } from './seed-money';

// The big lists read a page by seek (platform/lib/pagination.ts): `after` (the X-Next-Cursor of the page before)
// reaches any depth through the (created_at, id) index; `page` skips at most MAX_SKIPPED_ROWS rows from either end,
// and X-Total-Count comes from the counts the triggers keep (docs/product/http-api.md, « Pagination »).

let t: TestApp;
let admin: SeededUser;
const SEEDED = 2 * MAX_SKIPPED_ROWS + 300;

beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
  // Every seeded gift has the same created_at: the order (and every cursor) rests on the id that breaks the tie.
  await seedDonations(t.db, SEEDED, 2025);
  // A few later ones, and one cancelled that no page shows.
  for (const [i, day] of ['2026-02-01', '2026-03-01', '2026-03-01'].entries())
    await t.db
      .insertInto('donations')
      .values({
        amount: 5000 + i,
        name: `Tardif ${i}`,
        transaction_status: 'approved',
        provider: 'sandbox',
        purpose: 'sante',
        created_at: `${day}T08:00:00.000Z`,
        updated_at: `${day}T08:00:00.000Z`,
        deleted_at: i === 2 ? `${day}T09:00:00.000Z` : null,
      })
      .execute();
}, 300_000);
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(admin.token) });

/** The listed donations' ids in the list's order, straight from the table. */
async function expectedIds(): Promise<number[]> {
  const rows = await t.db
    .selectFrom('donations')
    .select('id')
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => r.id);
}

describe('donations read by seek', () => {
  it('walks every listed row once with X-Next-Cursor, in the list order, and ends without a cursor', async () => {
    const expected = await expectedIds();
    expect(expected).toHaveLength(SEEDED + 2);
    const pages = await walkAll(get, '/api/donations?per_page=100');
    for (const res of pages) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total-count']).toBe(String(SEEDED + 2));
      expect(String(res.headers['access-control-expose-headers'])).toContain('x-next-cursor');
    }
    expect(pages).toHaveLength(Math.ceil((SEEDED + 2) / 100));
    expect(pages.flatMap((res) => (res.json() as Array<{ id: number }>).map((d) => d.id))).toEqual(expected);
  }, 120_000);

  it('serves `page` near both ends, refuses one further than the bound from both, with a clear message', async () => {
    const expected = await expectedIds();
    const total = expected.length;
    const pageOf = async (page: number) => {
      const res = await get(`/api/donations?per_page=100&page=${page}`);
      return { res, ids: res.statusCode === 200 ? (res.json() as Array<{ id: number }>).map((d) => d.id) : [] };
    };
    // Near the start: a short skip.
    expect((await pageOf(3)).ids).toEqual(expected.slice(200, 300));
    // Near the end: read from the oldest row, the page's rows in the list's order.
    const last = Math.ceil(total / 100);
    for (const page of [last, last - 1, last - 99]) {
      const { res, ids } = await pageOf(page);
      expect(ids).toEqual(expected.slice((page - 1) * 100, page * 100));
      expect(res.headers['x-total-count']).toBe(String(total));
    }
    // The cursor of a page read from the end leads to the next one.
    const before = await pageOf(last - 1);
    const after = await get(`/api/donations?per_page=100&after=${encodeURIComponent(String(before.res.headers['x-next-cursor']))}`);
    expect((after.json() as Array<{ id: number }>).map((d) => d.id)).toEqual(expected.slice((last - 1) * 100));
    expect((await pageOf(last)).res.headers['x-next-cursor']).toBeUndefined();
    // Past the end: an empty page.
    expect((await pageOf(last + 1)).ids).toEqual([]);
    // In the middle, further than the bound from both ends: refused, not scanned.
    const middle = Math.floor(last / 2);
    const refused = await pageOf(middle);
    expect(refused.res.statusCode).toBe(422);
    expect(refused.res.json()).toMatchObject({ errors: { page: [PAGE_MESSAGES.tooDeep] } });
    expect(PAGE_MESSAGES.tooDeep).toContain('10\u00a0000');
  }, 60_000);

  it('refuses a cursor it did not make, in French', async () => {
    for (const after of ['nimporte', Buffer.from('2026-01-01T00:00:00.000Z|abc').toString('base64url'), 'x'.repeat(201)]) {
      const res = await get(`/api/donations?after=${after}`);
      expect(res.statusCode).toBe(422);
      expect(JSON.stringify(res.json())).toMatch(/[Cc]urseur|caractères/);
    }
  });

  it('searches and filters by seek too: a search walks its matches with the cursor', async () => {
    const res = await get('/api/donations?q=Tardif&per_page=1');
    expect(res.headers['x-total-count']).toBe('2');
    const first = (res.json() as Array<{ name: string }>)[0]!.name;
    const next = await get(`/api/donations?q=Tardif&per_page=1&after=${encodeURIComponent(String(res.headers['x-next-cursor']))}`);
    expect([first, (next.json() as Array<{ name: string }>)[0]!.name]).toEqual(['Tardif 1', 'Tardif 0']);
    expect(next.headers['x-next-cursor']).toBeUndefined();
  });
});
