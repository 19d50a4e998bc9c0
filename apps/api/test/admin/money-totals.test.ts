import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

// The totals kept by triggers (money_totals) equal a full recount after a random mix of writes of every kind a
// money record goes through: created, approved, refunded, cancelled, amount or date corrected, soft-deleted,
// restored, purpose changed, hard-deleted.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A small deterministic generator (mulberry32): the same sequence on every run and engine. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

const STATUSES = ['pending', 'approved', 'transferred', 'declined', 'canceled', 'refunded'];
const PURPOSES = ['sante', 'education', 'alimentation', 'logement'];
const TYPES = ['adhesion', 'cotisation'];

async function recount(table: 'donations' | 'payments') {
  const key = table === 'donations' ? 'purpose' : 'payment_type';
  const { rows } = await sql<{ month: string; category: string; status: string; n: number; amount: number }>`
    select substr(coalesce(paid_at, created_at), 1, 7) as month, ${sql.ref(key)} as category, transaction_status as status,
      count(*) as n, coalesce(sum(amount), 0) as amount
    from ${sql.table(table)} where deleted_at is null
    group by substr(coalesce(paid_at, created_at), 1, 7), ${sql.ref(key)}, transaction_status`.execute(t.db);
  return rows.map((r) => `${r.month}|${r.category}|${r.status}|${Number(r.n)}|${Number(r.amount)}`).sort();
}

async function kept(table: 'donations' | 'payments') {
  const rows = await t.db.selectFrom('money_totals').selectAll().where('table_name', '=', table).execute();
  return rows
    .filter((r) => Number(r.n) !== 0 || Number(r.amount) !== 0)
    .map((r) => `${r.month}|${r.category}|${r.status}|${Number(r.n)}|${Number(r.amount)}`)
    .sort();
}

describe('money totals kept as money moves', () => {
  it('equal a full recount after 1 000 random writes of every kind, on donations and payments', async () => {
    const rnd = random(20261125);
    const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
    const month = () =>
      `2026-${String(1 + Math.floor(rnd() * 12)).padStart(2, '0')}-${String(1 + Math.floor(rnd() * 28)).padStart(2, '0')}T10:00:00.000Z`;
    const ids: Record<'donations' | 'payments', number[]> = { donations: [], payments: [] };
    for (let i = 0; i < 1000; i++) {
      const table = rnd() < 0.6 ? 'donations' : 'payments';
      const existing = ids[table];
      const op = existing.length < 20 ? 0 : Math.floor(rnd() * 9);
      const id = existing.length ? pick(existing) : 0;
      const at = month();
      switch (op) {
        case 0: {
          const common = {
            amount: 100 + Math.floor(rnd() * 50_000),
            transaction_status: pick(STATUSES),
            provider: 'sandbox',
            paid_at: rnd() < 0.5 ? at : null,
            deleted_at: null,
            created_at: month(),
            updated_at: at,
          };
          const row =
            table === 'donations'
              ? await t.db
                  .insertInto('donations')
                  .values({ ...common, purpose: pick(PURPOSES) })
                  .returning('id')
                  .executeTakeFirstOrThrow()
              : await t.db
                  .insertInto('payments')
                  .values({ ...common, payment_type: pick(TYPES), name: 'Client', phone: '+22990000000' })
                  .returning('id')
                  .executeTakeFirstOrThrow();
          existing.push(row.id);
          break;
        }
        case 1: // approval, refund, cancellation, decline…
        case 2:
          await t.db
            .updateTable(table)
            .set({ transaction_status: pick(STATUSES), updated_at: at })
            .where('id', '=', id)
            .execute();
          break;
        case 3: // amount corrected
          await t.db
            .updateTable(table)
            .set({ amount: 100 + Math.floor(rnd() * 50_000) })
            .where('id', '=', id)
            .execute();
          break;
        case 4: // paid now (moves the month)
          await t.db.updateTable(table).set({ paid_at: at }).where('id', '=', id).execute();
          break;
        case 5: // soft delete
          await t.db.updateTable(table).set({ deleted_at: at }).where('id', '=', id).execute();
          break;
        case 6: // restored
          await t.db.updateTable(table).set({ deleted_at: null }).where('id', '=', id).execute();
          break;
        case 7:
          if (table === 'donations')
            await t.db
              .updateTable('donations')
              .set({ purpose: pick(PURPOSES) })
              .where('id', '=', id)
              .execute();
          else
            await t.db
              .updateTable('payments')
              .set({ payment_type: pick(TYPES) })
              .where('id', '=', id)
              .execute();
          break;
        default: // a hard delete (an erasure of a test row, a restore from backup)
          await t.db.deleteFrom(table).where('id', '=', id).execute();
          existing.splice(existing.indexOf(id), 1);
      }
    }
    for (const table of ['donations', 'payments'] as const) {
      const expected = await recount(table);
      expect(expected.length).toBeGreaterThan(10);
      expect(await kept(table)).toEqual(expected);
    }
    // The public cause progress reads the same totals: it equals the recount of kept (approved, transferred) gifts.
    const progress = (await t.app.inject({ method: 'GET', url: '/api/causes/progress' })).json() as Array<{
      purpose: string;
      raised: number;
      donors: number;
    }>;
    const { rows } = await sql<{ purpose: string; raised: number; n: number }>`
      select purpose, sum(amount) as raised, count(*) as n from donations
      where deleted_at is null and transaction_status in ('approved', 'transferred') group by purpose`.execute(t.db);
    for (const r of rows)
      expect(progress.find((p) => p.purpose === r.purpose)).toMatchObject({ raised: Number(r.raised), donors: Number(r.n) });
  });
});
