import { RECEIVED_STATUSES, ROLES } from '@shared/constants';
import { sql } from 'kysely';
import { type DB, isPostgres } from '../../platform/database/database';
import { keptCount, keptCountsUnder } from '../../platform/database/kept-counts';
import type { ZoneColumns } from '../places';

// Aggregates for the administrator's home, computed by the database (one query per figure family, no N+1).
// Portable SQL: ISO-8601 text timestamps compare and slice the same way on SQLite and PostgreSQL.

/** Accounts per role, from the counts the triggers keep (migration 20261126_0900), not a count over every account. */
export async function countUsersByRole(db: DB): Promise<Array<{ role: string; total: number }>> {
  const perRole = await keptCountsUnder(db, 'users:role:');
  return ROLES.map((role) => ({ role, total: perRole.get(role) ?? 0 }));
}

/** Unconfirmed accounts (the « Confirmer Compte » list's total), from the kept count. */
export function countUnconfirmedUsers(db: DB): Promise<number> {
  return keptCount(db, ['users:unconfirmed']);
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

/** Received (approved or transferred), non-deleted amounts per calendar month (UTC) since `sinceIso`. */
/** Received money per month since `sinceIso`, read from the totals the triggers keep (migration 20261125_0800). */
export async function sumApprovedByMonth(db: DB, table: 'donations' | 'payments', sinceIso: string): Promise<MonthTotal[]> {
  const rows = await db
    .selectFrom('money_totals')
    .select((eb) => ['month', eb.fn.sum<number>('amount').as('total'), eb.fn.sum<number>('n').as('count')])
    .where('table_name', '=', table)
    .where('status', 'in', [...RECEIVED_STATUSES])
    .where('month', '>=', sinceIso.slice(0, 7))
    .groupBy('month')
    .execute();
  return rows.map((r) => ({ month: r.month, total: Number(r.total ?? 0), count: Number(r.count ?? 0) }));
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
 * A left join keeps SQLite reading the questionnaires first: an inner join let it walk every account (18 ms at 100 000).
 */
export async function countNeedsByZone(db: DB): Promise<ZoneNeedCount[]> {
  const unnest = isPostgres(db)
    ? sql`cross join lateral json_array_elements_text(case when json_typeof(q.needs::json) = 'array' then q.needs::json else '[]'::json end) as n(value)
          where q.needs ~ '^\\s*\\['`
    : sql`cross join json_each(case when json_valid(q.needs) and json_type(q.needs) = 'array' then q.needs else '[]' end) as n`;
  const result = await sql<ZoneNeedCount>`
    select coalesce(u.zone_key, '') as zone_key, min(u.zone) as zone, n.value as need, count(*) as count
    from questionnaires q
    left join users u on u.id = q.user_id
    ${unnest}
    group by coalesce(u.zone_key, ''), n.value
    order by count(*) desc, coalesce(u.zone_key, ''), n.value`.execute(db);
  return result.rows.map((r) => ({ ...r, need: String(r.need), count: Number(r.count) }));
}

/** Outbox messages per month and channel since `sinceMonth` (YYYY-MM), from the counts the triggers keep. */
export async function countMessagesByMonth(db: DB, sinceMonth: string) {
  const rows = await db.selectFrom('message_counts').select(['month', 'channel', 'n']).where('month', '>=', sinceMonth).execute();
  return rows.map((r) => ({ month: r.month, channel: r.channel, n: Number(r.n) }));
}

// --- Zones the migration to the reference list could not map ---

// The zones typed before the reference list that its migration could not map
// (zones_unmapped, migration 20261126_0320) and the zone columns they belong to (users, providers).
// A listed zone counts only while its row still holds the typed text without a commune: a zone chosen since,
// here or in any form, takes it off the list without touching zones_unmapped.

export type UnmappedTable = 'users' | 'providers';

const stillUnmappedUsers = (db: DB) =>
  db
    .selectFrom('zones_unmapped')
    .innerJoin('users', 'users.id', 'zones_unmapped.row_id')
    .where('zones_unmapped.table_name', '=', 'users')
    .where('users.commune', 'is', null)
    .whereRef('users.zone', '=', 'zones_unmapped.zone');

const stillUnmappedProviders = (db: DB) =>
  db
    .selectFrom('zones_unmapped')
    .innerJoin('providers', 'providers.id', 'zones_unmapped.row_id')
    .where('zones_unmapped.table_name', '=', 'providers')
    .where('providers.commune', 'is', null)
    .whereRef('providers.zone', '=', 'zones_unmapped.zone');

export async function countUnmappedZones(db: DB): Promise<{ users: number; providers: number }> {
  const [users, providers] = await Promise.all([
    stillUnmappedUsers(db)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    stillUnmappedProviders(db)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { users: Number(users.n), providers: Number(providers.n) };
}

export const unmappedUserZones = (db: DB, limit: number, offset: number) =>
  stillUnmappedUsers(db)
    .select(['zones_unmapped.row_id', 'zones_unmapped.zone', 'zones_unmapped.created_at', 'users.name', 'users.role', 'users.telephone'])
    .orderBy('zones_unmapped.row_id')
    .limit(limit)
    .offset(offset)
    .execute();

export const unmappedProviderZones = (db: DB, limit: number, offset: number) =>
  stillUnmappedProviders(db)
    .select([
      'zones_unmapped.row_id',
      'zones_unmapped.zone',
      'zones_unmapped.created_at',
      'providers.entreprise as name',
      'providers.telephone',
    ])
    .orderBy('zones_unmapped.row_id')
    .limit(limit)
    .offset(offset)
    .execute();

/** The typed zone of one listed row, while it is still unmapped. */
export const findUnmappedZone = (db: DB, table: UnmappedTable, rowId: number) =>
  table === 'users'
    ? stillUnmappedUsers(db).select('zones_unmapped.zone').where('zones_unmapped.row_id', '=', rowId).executeTakeFirst()
    : stillUnmappedProviders(db).select('zones_unmapped.zone').where('zones_unmapped.row_id', '=', rowId).executeTakeFirst();

/** Gives the row its chosen zone and takes it off the list. */
export async function setChosenZone(db: DB, table: UnmappedTable, rowId: number, zone: ZoneColumns, now: string): Promise<void> {
  if (table === 'users')
    await db
      .updateTable('users')
      .set({ ...zone, updated_at: now })
      .where('id', '=', rowId)
      .execute();
  else
    await db
      .updateTable('providers')
      .set({ ...(zone as { zone: string; zone_key: string; commune: string; department: string }), updated_at: now })
      .where('id', '=', rowId)
      .execute();
  await db.deleteFrom('zones_unmapped').where('table_name', '=', table).where('row_id', '=', rowId).execute();
}
