import type { Kysely, Selectable, Transaction } from 'kysely';
import { sql } from 'kysely';
import { type DB, isPostgres } from '../../platform/database/database';
import { keptCount, keptCountsUnder } from '../../platform/database/kept-counts';
import type { Database, PledgesTable } from '../../platform/database/schema';
import { newestFirstSeek, type SeekPageQuery } from '../../platform/lib/pagination';

// Every query of the pledges area.

export type Executor = DB | Kysely<Database> | Transaction<Database>;
export type PledgeRow = Selectable<PledgesTable>;
export type NewPledge = Omit<PledgeRow, 'id'>;

const PAID = ['approved', 'transferred'] as const;

export async function insertPledge(db: Executor, pledge: NewPledge): Promise<number> {
  const row = await db.insertInto('pledges').values(pledge).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export function findPledge(db: Executor, id: number): Promise<PledgeRow | undefined> {
  return db.selectFrom('pledges').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertToken(db: Executor, pledgeId: number, tokenHash: string, expiresAt: string, now: string): Promise<void> {
  await db
    .insertInto('pledge_tokens')
    .values({ pledge_id: pledgeId, token_hash: tokenHash, expires_at: expiresAt, created_at: now })
    .execute();
}

/** The pledge a live (unexpired) token opens. */
export function findPledgeByToken(db: Executor, tokenHash: string, now: string): Promise<PledgeRow | undefined> {
  return db
    .selectFrom('pledge_tokens')
    .innerJoin('pledges', 'pledges.id', 'pledge_tokens.pledge_id')
    .selectAll('pledges')
    .where('pledge_tokens.token_hash', '=', tokenHash)
    .where('pledge_tokens.expires_at', '>', now)
    .executeTakeFirst();
}

/** Changes a pledge only while it is still in the state the caller read (`expect`): false when another change won. */
export async function updatePledge(
  db: Executor,
  id: number,
  patch: Partial<Omit<PledgeRow, 'id'>>,
  expect: Partial<Pick<PledgeRow, 'status' | 'next_due'>> = {},
): Promise<boolean> {
  let q = db.updateTable('pledges').set(patch).where('id', '=', id);
  if (expect.status !== undefined) q = q.where('status', '=', expect.status);
  if (expect.next_due !== undefined) q = q.where('next_due', '=', expect.next_due);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Records a due; false when that pledge's due of that date already exists (another pass or process has it). */
export async function insertDue(
  db: Executor,
  due: { pledge_id: number; due_date: string; status: 'due' | 'skipped' | 'missed'; amount: number; created_at: string },
): Promise<boolean> {
  const result = await db
    .insertInto('pledge_dues')
    .values({ ...due, reminded_at: null })
    .onConflict((oc) => oc.columns(['pledge_id', 'due_date']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** One batch of the due job: the pledges of a status, by id, at most `limit`; the caller adds its date bound. */
const pledgeBatch = (db: Executor, status: 'active' | 'pending', limit: number) =>
  db.selectFrom('pledges').selectAll().where('status', '=', status).orderBy('id').limit(limit);

/** Active pledges whose next due is on or before `day`. */
export function pledgesDueBy(db: Executor, day: string, limit = 200): Promise<PledgeRow[]> {
  return pledgeBatch(db, 'active', limit).where('next_due', '<=', day).execute();
}

/** The dues sent (not skipped nor missed) of a pledge from `from` and before `before`, newest first, each with whether it was paid. */
export async function recentDues(db: Executor, pledgeId: number, from: string, before: string, limit: number) {
  const rows = await db
    .selectFrom('pledge_dues')
    .select(['pledge_dues.due_date as due_date'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('donations')
            .select('donations.id')
            .whereRef('donations.pledge_id', '=', 'pledge_dues.pledge_id')
            .whereRef('donations.pledge_due', '=', 'pledge_dues.due_date')
            .where('donations.transaction_status', 'in', PAID)
            .where('donations.deleted_at', 'is', null),
        )
        .as('paid'),
    )
    .where('pledge_dues.pledge_id', '=', pledgeId)
    .where('pledge_dues.status', '=', 'due')
    .where('pledge_dues.due_date', '>=', from)
    .where('pledge_dues.due_date', '<', before)
    .orderBy('pledge_dues.due_date', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ due_date: r.due_date, paid: Boolean(Number(r.paid)) }));
}

/** The latest due sent to the donor, with whether it is paid. */
export async function latestDue(db: Executor, pledgeId: number, upTo: string) {
  const [due] = await recentDues(db, pledgeId, '0000-00-00', addOneDay(upTo), 1);
  return due;
}
const addOneDay = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

/** Unpaid dues of active pledges sent between `from` and `to` whose reminder has not been claimed. */
export function duesToRemind(db: Executor, from: string, to: string, limit = 200) {
  return db
    .selectFrom('pledge_dues')
    .innerJoin('pledges', 'pledges.id', 'pledge_dues.pledge_id')
    .selectAll('pledges')
    .select(['pledge_dues.id as due_id', 'pledge_dues.due_date as due_date', 'pledge_dues.amount as due_amount'])
    .where('pledges.status', '=', 'active')
    .where('pledge_dues.status', '=', 'due')
    .where('pledge_dues.reminded_at', 'is', null)
    .where('pledge_dues.due_date', '>=', from)
    .where('pledge_dues.due_date', '<=', to)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('donations')
            .select('donations.id')
            .whereRef('donations.pledge_id', '=', 'pledge_dues.pledge_id')
            .whereRef('donations.pledge_due', '=', 'pledge_dues.due_date')
            .where('donations.transaction_status', 'in', PAID)
            .where('donations.deleted_at', 'is', null),
        ),
      ),
    )
    .orderBy('pledge_dues.id')
    .limit(limit)
    .execute();
}

/** Claims a due's reminder: true for the one caller that stamps it. */
export async function claimReminder(db: Executor, dueId: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('pledge_dues')
    .set({ reminded_at: now })
    .where('id', '=', dueId)
    .where('reminded_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The donations that pay pledges (all of them, newest first). */
export function pledgePayments(db: Executor, pledgeIds: number[]) {
  if (pledgeIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('donations')
    .select(['id', 'pledge_id', 'pledge_due', 'amount', 'transaction_status', 'receipt_number', 'paid_at', 'created_at'])
    .where('pledge_id', 'in', pledgeIds)
    .where('deleted_at', 'is', null)
    .where('transaction_status', '!=', 'pending')
    .orderBy('id', 'desc')
    .execute();
}

export function pledgesOfUser(db: Executor, userId: number): Promise<PledgeRow[]> {
  return db.selectFrom('pledges').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute();
}

/** The administrator's list: pledges (optionally of one status), newest first. */
export function pledgesQuery(db: Executor, status?: string) {
  return db
    .selectFrom('pledges')
    .selectAll()
    .$if(status !== undefined, (q) => q.where('status', '=', status!));
}

/**
 * Sum of the monthly amounts of the pledges of a status (or all): a quarterly pledge counts a third. Kept by the
 * triggers of migration 20261127_0800 (`pledges:monthly:<status>`), not summed over the pledges.
 */
export async function monthlyTotal(db: Executor, status?: string): Promise<number> {
  if (status !== undefined) return keptCount(db, [`pledges:monthly:${status}`]);
  let total = 0;
  for (const n of (await keptCountsUnder(db, 'pledges:monthly:')).values()) total += n;
  return total;
}

/** The pledges of a status (or all), counted by the triggers (migration 20261127_0400). */
export const countPledges = (db: Executor, status?: string): Promise<number> =>
  keptCount(db, [status ? `pledges:status:${status}` : 'pledges']);

/** One page of pledges of a status (or all), newest first by seek (platform/lib/pagination.ts), and its total. */
export async function pageOfPledges(db: Executor, status: string | undefined, page: SeekPageQuery) {
  const total = await countPledges(db, status);
  const { rows, next } = await newestFirstSeek(pledgesQuery(db, status), page, total);
  return { rows, total, next };
}

/** The administrator's list with what each pledge brought in (the CSV export). */
export function pledgesWithCollected(db: Executor, status?: string) {
  return pledgesQuery(db, status).select(
    sql<number>`(select coalesce(sum(d.amount), 0) from donations d where d.pledge_id = pledges.id and d.deleted_at is null and d.transaction_status in ('approved', 'transferred'))`.as(
      'collected',
    ),
  );
}

/** The pledges of a telephone in these statuses, oldest first (commands by SMS act on every one of them). */
export function pledgesOfTelephone(db: Executor, telephone: string, statuses: Array<'active' | 'paused'>): Promise<PledgeRow[]> {
  return db.selectFrom('pledges').selectAll().where('telephone', '=', telephone).where('status', 'in', statuses).orderBy('id').execute();
}

/**
 * PostgreSQL: holds, until the transaction ends, the lock of this telephone's pending pledges, so that parallel
 * creations count one after the other (writeTransaction). SQLite: the IMMEDIATE transaction already does.
 */
export async function lockPledgeTelephone(trx: DB, telephone: string): Promise<void> {
  if (!isPostgres(trx)) return;
  await sql`select pg_advisory_xact_lock(hashtext(${`pledge:${telephone}`}))`.execute(trx);
}

/** How many pledges of this telephone wait for their first gift. */
export async function countPendingPledges(db: Executor, telephone: string): Promise<number> {
  const row = await db
    .selectFrom('pledges')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('telephone', '=', telephone)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Pending pledges made before `before` (their first gift never paid): the due job lets them lapse. */
export function stalePendingPledges(db: Executor, before: string, limit = 200): Promise<PledgeRow[]> {
  return pledgeBatch(db, 'pending', limit).where('created_at', '<', before).execute();
}

/** The name of the newest pledge made with one of these telephone spellings (the code sign-in's new account). */
export function pledgeNameByTelephone(db: Executor, spellings: string[]): Promise<{ name: string } | undefined> {
  if (spellings.length === 0) return Promise.resolve(undefined);
  return db.selectFrom('pledges').select('name').where('telephone', 'in', spellings).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** Links to the account the pledges made with its telephone and not linked to anyone yet (idempotent). */
export async function linkPledgesByTelephone(db: Executor, userId: number, spellings: string[]): Promise<void> {
  if (spellings.length === 0) return;
  await db.updateTable('pledges').set({ user_id: userId }).where('user_id', 'is', null).where('telephone', 'in', spellings).execute();
}
