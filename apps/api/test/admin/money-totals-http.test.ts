import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFedaPayTestApp, type FedaPayTestApp, seededRandom } from '../helpers/fedapay-app';
import type { TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';

// The aggregates the treasurer and the public read (statistics per month, cause progress, list totals, accounts per
// role) are kept by triggers as money moves. After 1 000 writes made the way the product makes them (payments and
// gifts opened online, approved, declined, cancelled by the payer or refunded through FedaPay's webhook, cash
// recorded by an administrator, records cancelled, members erasing their account), each equals a full recount, and
// it does so after every hundred writes, not a minute later.

let t: TestApp;
let app: FedaPayTestApp;
let admin: SeededUser;

beforeAll(async () => {
  app = await createFedaPayTestApp('totals', { eventIdFrom: 90000 });
  t = app.t;
  admin = await seedUser(t, 'administrateur');
});
afterAll(async () => {
  await app?.close();
});

type Table = 'donations' | 'payments';

const webhook = (transactionId: string, status: string) => app.webhook(transactionId, status);

/**
 * What the kept money totals hold, and the same figures counted from the rows. `pledge_payments`: the donations
 * paying a pledge, by month of payment (migration 20261127_0800).
 */
async function moneyTotals(table: Table | 'pledge_payments') {
  const key = table === 'payments' ? 'payment_type' : 'purpose';
  const month = table === 'pledge_payments' ? sql`substr(paid_at, 1, 7)` : sql`substr(coalesce(paid_at, created_at), 1, 7)`;
  const where =
    table === 'pledge_payments' ? sql`deleted_at is null and pledge_id is not null and paid_at is not null` : sql`deleted_at is null`;
  const { rows } = await sql<{ month: string; category: string; status: string; n: number; amount: number }>`
    select ${month} as month, ${sql.ref(key)} as category, transaction_status as status,
      count(*) as n, coalesce(sum(amount), 0) as amount
    from ${sql.table(table === 'payments' ? 'payments' : 'donations')} where ${where}
    group by ${month}, ${sql.ref(key)}, transaction_status`.execute(t.db);
  const recount = rows.map((r) => `${r.month}|${r.category}|${r.status}|${Number(r.n)}|${Number(r.amount)}`).sort();
  const keptRows = await t.db.selectFrom('money_totals').selectAll().where('table_name', '=', table).execute();
  const kept = keptRows
    .filter((r) => Number(r.n) !== 0 || Number(r.amount) !== 0)
    .map((r) => `${r.month}|${r.category}|${r.status}|${Number(r.n)}|${Number(r.amount)}`)
    .sort();
  return { kept, recount };
}

/** Every kept row count (money lists, accounts, memberships, audit trail, outbox, pledges' monthly amounts, year-end donors) and its recount. */
async function rowCounts() {
  const { rows } = await sql<{ key: string; n: number | string }>`
    select 'donations' as key, count(*) as n from donations where deleted_at is null
    union all select 'donations:status:' || transaction_status, count(*) from donations where deleted_at is null group by transaction_status
    union all select 'payments', count(*) from payments where deleted_at is null
    union all select 'payments:status:' || transaction_status, count(*) from payments where deleted_at is null group by transaction_status
    union all select 'users', count(*) from users
    union all select 'users:role:' || role, count(*) from users group by role
    union all select 'users:unconfirmed', count(*) from users where is_confirmed = 0
    union all select 'users:created_by:' || created_by, count(*) from users where created_by is not null group by created_by
    union all select 'memberships:until:' || valid_until, count(*) from memberships group by valid_until
    union all select 'audit_log', count(*) from audit_log
    union all select 'audit_log:actor:' || actor_user_id, count(*) from audit_log where actor_user_id is not null group by actor_user_id
    union all select 'audit_log:entity:' || entity, count(*) from audit_log group by entity
    union all select 'audit_log:action:' || action, count(*) from audit_log group by action
    union all select 'outbox_messages', count(*) from outbox_messages
    union all select 'outbox_messages:channel:' || channel, count(*) from outbox_messages group by channel
    union all select 'pledges:monthly:' || status, sum(case frequency when 'trimestriel' then round(amount / 3.0)
      when 'annuel' then round(amount / 12.0) else amount end) from pledges group by status
    union all select 'year_donors:' || year, count(*) from (select distinct substr(paid_at, 1, 4) as year, phone from donations
      where transaction_status in ('approved', 'transferred') and deleted_at is null and phone is not null and phone <> ''
        and paid_at is not null) as d group by year`.execute(t.db);
  const recount = Object.fromEntries(rows.filter((r) => Number(r.n) !== 0).map((r) => [r.key, Number(r.n)]));
  const kept = Object.fromEntries(
    (await sql<{ key: string; n: number | string }>`select key, n from row_counts where n <> 0`.execute(t.db)).rows.map((r) => [
      r.key,
      Number(r.n),
    ]),
  );
  return { kept, recount };
}

/** What the public and the administrator read, against a recount of the rows. */
async function readersAgree() {
  const progress = (await t.app.inject({ method: 'GET', url: '/api/causes/progress' })).json() as Array<{
    purpose: string;
    raised: number;
    donors: number;
  }>;
  const { rows: causes } = await sql<{ purpose: string; raised: number; n: number }>`
    select purpose, sum(amount) as raised, count(*) as n from donations
    where deleted_at is null and transaction_status in ('approved', 'transferred') group by purpose`.execute(t.db);
  for (const p of progress) {
    const r = causes.find((c) => c.purpose === p.purpose);
    expect(p, p.purpose).toMatchObject({ raised: Number(r?.raised ?? 0), donors: Number(r?.n ?? 0) });
  }
  const stats = (await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: bearer(admin.token) })).json() as {
    monthly: Array<{ month: string; donations_total: number; donations_count: number; payments_total: number; payments_count: number }>;
    counts: { users_by_role: Record<string, number>; unconfirmed_accounts: number };
  };
  const received = async (table: Table) =>
    (
      await sql<{ month: string; total: number; n: number }>`
        select substr(coalesce(paid_at, created_at), 1, 7) as month, sum(amount) as total, count(*) as n from ${sql.table(table)}
        where deleted_at is null and transaction_status in ('approved', 'transferred')
        group by substr(coalesce(paid_at, created_at), 1, 7)`.execute(t.db)
    ).rows;
  const [donations, payments] = [await received('donations'), await received('payments')];
  for (const m of stats.monthly) {
    const d = donations.find((r) => r.month === m.month);
    const p = payments.find((r) => r.month === m.month);
    expect(m, m.month).toEqual({
      month: m.month,
      donations_total: Number(d?.total ?? 0),
      donations_count: Number(d?.n ?? 0),
      payments_total: Number(p?.total ?? 0),
      payments_count: Number(p?.n ?? 0),
    });
  }
  const roles = await t.db
    .selectFrom('users')
    .select((eb) => ['role', eb.fn.countAll<number>().as('n')])
    .groupBy('role')
    .execute();
  for (const r of roles) expect(stats.counts.users_by_role[r.role], r.role).toBe(Number(r.n));
  const unconfirmed = await t.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('is_confirmed', '=', 0)
    .executeTakeFirstOrThrow();
  expect(stats.counts.unconfirmed_accounts).toBe(Number(unconfirmed.n));
  const listTotal = async (path: string) =>
    Number((await t.app.inject({ method: 'GET', url: path, headers: bearer(admin.token) })).headers['x-total-count']);
  for (const table of ['donations', 'payments'] as const) {
    const live = await t.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(await listTotal(`/api/${table}`)).toBe(Number(live.n));
  }
}

describe('aggregates kept as money moves, written through the product', () => {
  it('equal a full recount after 1 000 writes of every kind (and after every hundred)', async () => {
    const rnd = seededRandom(20261126);
    const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
    const members: SeededUser[] = [];
    for (let i = 0; i < 30; i++) members.push(await seedUser(t, i % 5 === 0 ? 'sympathisant' : 'membre', { confirmed: i % 7 !== 0 }));
    /** Online records FedaPay knows, by table: their FedaPay transaction id. */
    const online: Array<{ table: Table; id: number; tx: string }> = [];
    const kinds: Record<string, number> = {};
    for (let i = 0; i < 1000; i++) {
      const roll = rnd();
      let kind: string;
      if (roll < 0.22 || online.length < 10) {
        kind = 'gift opened online';
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/donation/initiate',
          payload: { amount: 500 * (1 + Math.floor(rnd() * 40)), purpose: pick(['sante', 'education', 'alimentation', 'logement']) },
        });
        expect(res.statusCode, res.body).toBe(201);
        const row = await t.db.selectFrom('donations').select(['id', 'transaction_id']).orderBy('id', 'desc').executeTakeFirstOrThrow();
        online.push({ table: 'donations', id: row.id, tx: row.transaction_id! });
      } else if (roll < 0.36) {
        kind = 'dues opened online';
        const member = pick(members.filter((m) => m.id > 0));
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/payment/initiate',
          headers: bearer(member.token),
          payload: {
            name: 'Rémi Membre',
            email: 'remi@example.bj',
            phone: member.telephone,
            amount: 1000 * (1 + Math.floor(rnd() * 10)),
            payment_type: pick(['cotisation', 'adhesion']),
          },
        });
        expect(res.statusCode, res.body).toBe(201);
        const row = await t.db.selectFrom('payments').select(['id', 'transaction_id']).orderBy('id', 'desc').executeTakeFirstOrThrow();
        online.push({ table: 'payments', id: row.id, tx: row.transaction_id! });
      } else if (roll < 0.7) {
        // Approvals most of the time; declines, the payer's cancellations, refunds, transfers.
        const status = pick(['approved', 'approved', 'approved', 'declined', 'canceled', 'refunded', 'transferred']);
        kind = `webhook ${status}`;
        await webhook(pick(online).tx, status);
      } else if (roll < 0.85) {
        kind = 'cash recorded';
        const donation = rnd() < 0.6;
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/admin/offline-payments',
          headers: bearer(admin.token),
          payload: {
            kind: donation ? 'donation' : 'payment',
            amount: (donation ? 250 : 1000) * (1 + Math.floor(rnd() * 20)),
            name: 'Jean Hounkpatin',
            telephone: `+2296100${String(i).padStart(4, '0')}`,
            method: pick(['especes', 'mobile_money', 'virement', 'cheque']),
            reference: `Carnet ${i}`,
            received_at: `2026-${String(1 + Math.floor(rnd() * 10)).padStart(2, '0')}-${String(1 + Math.floor(rnd() * 28)).padStart(2, '0')}`,
            ...(donation ? { purpose: pick(['sante', 'protection', 'autres']) } : { payment_type: pick(['cotisation', 'adhesion']) }),
          },
        });
        expect(res.statusCode, res.body).toBe(201);
      } else if (roll < 0.97) {
        kind = 'record cancelled';
        const table: Table = rnd() < 0.6 ? 'donations' : 'payments';
        const live = await t.db.selectFrom(table).select('id').where('deleted_at', 'is', null).execute();
        if (live.length === 0) continue;
        const res = await t.app.inject({
          method: 'DELETE',
          url: `/api/${table}/${pick(live).id}`,
          headers: bearer(admin.token),
          payload: { reason: 'Saisie en double' },
        });
        expect(res.statusCode, res.body).toBe(200);
      } else {
        kind = 'account erased';
        const alive = members.filter((m) => m.id > 0);
        if (alive.length <= 5) continue;
        const member = pick(alive);
        const res = await t.app.inject({
          method: 'DELETE',
          url: '/api/profile',
          headers: bearer(member.token),
          payload: { current_password: member.password },
        });
        expect(res.statusCode, res.body).toBe(200);
        member.id = -member.id;
      }
      kinds[kind] = (kinds[kind] ?? 0) + 1;
      if (i % 100 === 99) {
        for (const table of ['donations', 'payments', 'pledge_payments'] as const) {
          const { kept, recount } = await moneyTotals(table);
          expect(kept, `${table} after ${i + 1} writes`).toEqual(recount);
        }
        await readersAgree();
      }
    }
    // Every kind of write happened, many times.
    for (const kind of [
      'gift opened online',
      'dues opened online',
      'webhook approved',
      'webhook refunded',
      'webhook canceled',
      'cash recorded',
      'record cancelled',
      'account erased',
    ])
      expect(kinds[kind] ?? 0, kind).toBeGreaterThan(kind === 'account erased' ? 3 : 20);
    const received = await t.db
      .selectFrom('money_totals')
      .select((eb) => eb.fn.sum<number>('n').as('n'))
      .where('status', 'in', ['approved', 'transferred'])
      .executeTakeFirstOrThrow();
    expect(Number(received.n)).toBeGreaterThan(100);
    const counts = await rowCounts();
    expect(counts.kept).toEqual(counts.recount);
    await readersAgree();
  }, 600_000);
});
