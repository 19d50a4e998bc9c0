import { ROLES } from '@shared/constants';
import { sql } from 'kysely';
import { type DB, isPostgres } from '../database';

// Aggregates for the administrator's home, computed by the database (one query per figure family, no N+1).
// Portable SQL: ISO-8601 text timestamps compare and slice the same way on SQLite and PostgreSQL.

/** Accounts per role, read from the (role, created_at) index alone. */
export async function countUsersByRole(db: DB): Promise<Array<{ role: string; total: number }>> {
  const rows = await db
    .selectFrom('users')
    .select((eb) => ['role', eb.fn.countAll<number>().as('total')])
    .where('role', 'in', [...ROLES])
    .groupBy('role')
    .execute();
  return rows.map((r) => ({ role: r.role, total: Number(r.total) }));
}

/** Counted on the (is_confirmed, created_at) index, like the "Confirmer Compte" list. */
export async function countUnconfirmedUsers(db: DB): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('is_confirmed', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countPendingModeration(db: DB): Promise<{ volunteers: number; testimonials: number }> {
  const [volunteers, testimonials] = await Promise.all([
    db
      .selectFrom('volunteers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('is_confirmed', '=', 0)
      .where('refused_at', 'is', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('testimonials')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('is_published', '=', 0)
      .executeTakeFirstOrThrow(),
  ]);
  return { volunteers: Number(volunteers.n), testimonials: Number(testimonials.n) };
}

export interface MonthTotal {
  month: string;
  total: number;
  count: number;
}

// A fixed SQL fragment (no bound parameters) so PostgreSQL sees the same expression in SELECT and GROUP BY.
const MONTH_OF_PAYMENT = sql.raw('substr(coalesce(paid_at, created_at), 1, 7)');

/**
 * Statuses under which the money was received: FedaPay moves an approved transaction to "transferred"
 * once paid out, and it still counts (the same set as the payments area's receipts).
 */
export const RECEIVED_STATUSES = ['approved', 'transferred'] as const;

/** Received (approved or transferred), non-deleted amounts per calendar month (UTC) since `sinceIso`. */
export async function sumApprovedByMonth(db: DB, table: 'donations' | 'payments', sinceIso: string): Promise<MonthTotal[]> {
  const rows = await db
    .selectFrom(table)
    .select((eb) => [
      sql<string>`${MONTH_OF_PAYMENT}`.as('month'),
      eb.fn.sum<number>('amount').as('total'),
      eb.fn.countAll<number>().as('count'),
    ])
    .where('transaction_status', 'in', [...RECEIVED_STATUSES])
    .where('deleted_at', 'is', null)
    .where(sql<string>`coalesce(paid_at, created_at)`, '>=', sinceIso)
    .groupBy(MONTH_OF_PAYMENT)
    .execute();
  return rows.map((r) => ({ month: r.month, total: Number(r.total ?? 0), count: Number(r.count) }));
}

export interface ZoneNeedCount {
  zone_key: string;
  zone: string | null;
  need: string;
  count: number;
}

/**
 * Questionnaire needs (a JSON array in a text column) unnested by the database and counted per zone
 * of the questionnaire's author. The only dialect branch: each engine spells "unnest a JSON array" its own way.
 */
export async function countNeedsByZone(db: DB): Promise<ZoneNeedCount[]> {
  const unnest = isPostgres(db)
    ? sql`cross join lateral json_array_elements_text(case when json_typeof(q.needs::json) = 'array' then q.needs::json else '[]'::json end) as n(value)
          where q.needs ~ '^\\s*\\['`
    : sql`cross join json_each(case when json_valid(q.needs) and json_type(q.needs) = 'array' then q.needs else '[]' end) as n`;
  const result = await sql<ZoneNeedCount>`
    select coalesce(u.zone_key, '') as zone_key, min(u.zone) as zone, n.value as need, count(*) as count
    from questionnaires q
    join users u on u.id = q.user_id
    ${unnest}
    group by coalesce(u.zone_key, ''), n.value
    order by count(*) desc, coalesce(u.zone_key, ''), n.value`.execute(db);
  return result.rows.map((r) => ({ ...r, need: String(r.need), count: Number(r.count) }));
}
