import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walkAll } from '../helpers/pages';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';

// The accounts lists and the members list answer X-Total-Count from counts the triggers keep (migration
// 20261126_0900), whoever writes, and walk every row with X-Next-Cursor (docs/product/http-api.md, « Pagination »).

let t: TestApp;
let admin: SeededUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(admin.token) });

describe('accounts and members: kept totals, read by seek', () => {
  /** A recount of what the kept keys hold, straight from the tables. */
  async function recount() {
    const { rows } = await sql<{ key: string; n: number | string }>`
      select 'users' as key, count(*) as n from users
      union all select 'users:role:' || role, count(*) from users group by role
      union all select 'users:unconfirmed', count(*) from users where is_confirmed = 0
      union all select 'users:created_by:' || created_by, count(*) from users where created_by is not null group by created_by
      union all select 'memberships:until:' || valid_until, count(*) from memberships group by valid_until`.execute(t.db);
    return Object.fromEntries(rows.map((r) => [r.key, Number(r.n)]));
  }
  async function kept() {
    const { rows } = await sql<{ key: string; n: number | string }>`select key, n from row_counts
      where (key = 'users' or key like 'users:%' or key like 'memberships:%') and n <> 0`.execute(t.db);
    return Object.fromEntries(rows.map((r) => [r.key, Number(r.n)]));
  }

  it('keep the counts of accounts (per role, unconfirmed, per creator) and memberships through every kind of write', async () => {
    const adviser = await seedUser(t, 'conseiller');
    const created: number[] = [];
    for (let i = 0; i < 12; i++) {
      const user = await seedUser(t, i % 3 === 0 ? 'sympathisant' : 'membre', {
        confirmed: i % 2 === 1,
        ...(i % 4 === 0 ? { createdBy: adviser.id } : {}),
      });
      created.push(user.id);
    }
    // Confirmation and role changes through the API, the rest straight in the tables (triggers see every writer).
    expect((await t.app.inject({ method: 'PUT', url: `/api/users/${created[1]}/confirm`, headers: bearer(admin.token) })).statusCode).toBe(
      200,
    );
    await t.db.updateTable('users').set({ role: 'consommateur' }).where('id', '=', created[2]!).execute();
    await t.db.updateTable('users').set({ is_confirmed: 0, role: 'membre' }).where('id', '=', created[3]!).execute();
    for (const [i, id] of created.slice(0, 6).entries())
      await t.db
        .insertInto('memberships')
        .values({ user_id: id, valid_until: `2026-0${1 + (i % 3)}-15`, updated_at: '2026-01-01T00:00:00.000Z' })
        .execute();
    await t.db.updateTable('memberships').set({ valid_until: '2027-12-31' }).where('user_id', '=', created[0]!).execute();
    await t.db.deleteFrom('memberships').where('user_id', '=', created[1]!).execute();
    await t.db.deleteFrom('users').where('id', '=', created[11]!).execute();
    // The adviser's accounts lose their creator (ON DELETE SET NULL): their per-creator count goes with it.
    await t.db.deleteFrom('auth_tokens').where('user_id', '=', adviser.id).execute();
    await t.db.deleteFrom('users').where('id', '=', adviser.id).execute();
    const counts = await recount();
    expect(counts['users:unconfirmed']).toBeGreaterThan(3);
    expect(Object.keys(counts).filter((k) => k.startsWith('memberships:'))).toHaveLength(4);
    expect(await kept()).toEqual(counts);
  });

  it('answer every users list and the members list with the kept total and a cursor that walks all rows', async () => {
    const walk = async (path: string) => {
      const pages = await walkAll(get, `${path}${path.includes('?') ? '&' : '?'}per_page=3`);
      for (const res of pages) expect(res.statusCode).toBe(200);
      const ids = pages.flatMap((res) => (res.json() as Array<{ id: number }>).map((u) => u.id));
      return { ids, total: Number(pages[0]!.headers['x-total-count']) };
    };
    const newest = (rows: Array<{ id: number; created_at: string }>) =>
      rows.sort((a, b) => (a.created_at === b.created_at ? b.id - a.id : a.created_at < b.created_at ? 1 : -1)).map((r) => r.id);
    const users = await t.db.selectFrom('users').select(['id', 'created_at', 'role', 'is_confirmed']).execute();
    const all = await walk('/api/users');
    expect(all).toEqual({ ids: newest([...users]), total: users.length });
    const members = users.filter((u) => u.role === 'membre');
    expect(await walk('/api/users?role=membre')).toEqual({ ids: newest(members), total: members.length });
    const unconfirmed = users.filter((u) => u.is_confirmed === 0);
    expect(await walk('/api/confirmation/unconfirmed')).toEqual({ ids: newest(unconfirmed), total: unconfirmed.length });
    expect(await walk('/api/members')).toEqual({ ids: newest([...users]), total: users.length });
    const memberships = await t.db.selectFrom('memberships').select('user_id').execute();
    const withNone = users.filter((u) => !memberships.some((m) => m.user_id === u.id));
    expect(await walk('/api/members?status=aucune')).toEqual({ ids: newest(withNone), total: withNone.length });
  });
});
