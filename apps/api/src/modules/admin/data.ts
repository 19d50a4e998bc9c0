import { RECEIVED_STATUSES } from '@shared/constants';
import { sql } from 'kysely';
import { type DB, isPostgres } from '../../platform/database/database';
import { keptCount } from '../../platform/database/kept-counts';
import type { ZoneColumns } from '../places';

// Aggregates for the administrator's home, and the zones the reference list could not map.

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

/** One row of the statistics' figures: what `kind` it is decides what the other columns hold (see statsFigures). */
export interface StatsFigure {
  kind: 'count' | 'volunteers' | 'testimonials' | 'money' | 'messages' | 'need';
  k1: string | null;
  k2: string | number | null;
  k3: string | null;
  n: number | string | null;
  v: number | string | null;
}

/**
 * Every figure of the administrator's statistics in one statement: one round trip to the database instead of eleven
 * (on PostgreSQL each was a message to another pooled connection, 5.5–5.9 ms a request at 10 000 rows for
 * well under 2 ms of queries). The rows, by `kind`:
 * - count: k1 a row_counts key, n its figure: accounts per role, unconfirmed accounts, active pledges and the
 *   monthly amount they commit to (kept by the triggers of migrations 20261126_0900, 20261127_0400 and 20261127_0800);
 * - volunteers, testimonials: n the volunteers and testimonials waiting for moderation (as countPendingModeration);
 * - money: k1 donations, payments or pledge_payments (by payment date), k2 a month from `sinceMonth`, n and v the
 *   received records and amount (money_totals, kept by the triggers of migrations 20261125_0800 and 20261127_0800);
 * - messages: k1 a month from `sinceMonth`, k2 a channel, n the messages (message_counts);
 * - need: k1 the zone key, k2 the need, k3 a zone as typed, n the questionnaires, v the row's rank (count
 *   descending, then zone key and need, in the database's collation: the order the answer lists them in).
 * Unused numbers are 0, not null: PostgreSQL types a column of a union from its first rows, and null with null is text.
 * Questionnaire needs are a JSON array in a text column, unnested by the database: the only dialect branch, each
 * engine spells it its own way. A left join keeps SQLite reading the questionnaires first: an inner join let it walk
 * every account (18 ms at 100 000). ISO-8601 text timestamps compare and slice the same way on both engines.
 */
export async function statsFigures(db: DB, sinceMonth: string): Promise<StatsFigure[]> {
  const unnest = isPostgres(db)
    ? sql`cross join lateral json_array_elements_text(case when json_typeof(q.needs::json) = 'array' then q.needs::json else '[]'::json end) as n(value)
          where q.needs ~ '^\\s*\\['`
    : sql`cross join json_each(case when json_valid(q.needs) and json_type(q.needs) = 'array' then q.needs else '[]' end) as n`;
  const received = sql.join(RECEIVED_STATUSES.map((s) => sql.lit(s)));
  const { rows } = await sql<StatsFigure>`
    select 'count' as kind, key as k1, null as k2, null as k3, n, 0 as v from row_counts
      where substr(key, 1, 11) = 'users:role:' or key in ('users:unconfirmed', 'pledges:status:active', 'pledges:monthly:active')
    union all select 'volunteers', null, null, null, count(*), 0 from volunteers where is_confirmed = 0 and refused_at is null
    union all select 'testimonials', null, null, null, count(*), 0 from testimonials where is_published = 0
    union all select 'money', table_name, month, null, sum(n), sum(amount) from money_totals
      where table_name in ('donations', 'payments', 'pledge_payments') and status in (${received}) and month >= ${sinceMonth}
      group by table_name, month
    union all select 'messages', month, channel, null, n, 0 from message_counts where month >= ${sinceMonth}
    union all select 'need', zone_key, need, zone, count, rank from (
      select coalesce(u.zone_key, '') as zone_key, min(u.zone) as zone, n.value as need, count(*) as count,
        row_number() over (order by count(*) desc, coalesce(u.zone_key, ''), n.value) as rank
      from questionnaires q
      left join users u on u.id = q.user_id
      ${unnest}
      group by coalesce(u.zone_key, ''), n.value) as needs`.execute(db);
  return rows;
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
