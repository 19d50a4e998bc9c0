import type { Selectable } from 'kysely';
import type { DB } from '../../../platform/database/database';
import { keptCount, keptCountsUnder } from '../../../platform/database/kept-counts';
import type { PrivacyRequestsTable } from '../../../platform/database/schema';

// Queries of privacy_requests.

export type PrivacyRequest = Selectable<PrivacyRequestsTable>;

export async function insertRequest(
  db: DB,
  v: { kind: string; telephone: string | null; email: string | null; details: string; ip: string | null; createdAt: string },
): Promise<number> {
  const row = await db
    .insertInto('privacy_requests')
    .values({
      kind: v.kind,
      status: 'en_attente_code',
      telephone: v.telephone,
      email: v.email,
      details: v.details,
      ip: v.ip,
      created_at: v.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const findRequest = (db: DB, id: number) => db.selectFrom('privacy_requests').selectAll().where('id', '=', id).executeTakeFirst();

/** Marks a request proved, unless it already was (false then). */
export async function markVerified(db: DB, id: number, v: { verifiedAt: string; dueAt: string; userId: number | null }): Promise<boolean> {
  const res = await db
    .updateTable('privacy_requests')
    .set({ status: 'a_traiter', verified_at: v.verifiedAt, due_at: v.dueAt, user_id: v.userId })
    .where('id', '=', id)
    .where('status', '=', 'en_attente_code')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Closes an open request once (false when it was not open: a concurrent close won). */
export async function closeRequest(
  db: DB,
  id: number,
  v: { status: 'traitee' | 'refusee'; closedAt: string; closedBy: number; outcome: string | null },
) {
  const res = await db
    .updateTable('privacy_requests')
    .set({ status: v.status, closed_at: v.closedAt, closed_by: v.closedBy, outcome: v.outcome })
    .where('id', '=', id)
    .where('status', '=', 'a_traiter')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The proved requests of a status (or all), from the counts the triggers keep (migration 20261127_0400). */
async function countProved(db: DB, status: string | undefined): Promise<number> {
  if (status === 'en_attente_code') return 0;
  if (status) return keptCount(db, [`privacy_requests:status:${status}`]);
  let n = 0;
  for (const [s, count] of await keptCountsUnder(db, 'privacy_requests:status:')) if (s !== 'en_attente_code') n += count;
  return n;
}

/**
 * The requests an administrator sees: proved ones, open first by due date, then closed ones newest first. The order
 * is not by date, so pages are read by a skip, which the caller bounds (MAX_SKIPPED_ROWS); the total is kept.
 */
export async function listRequests(db: DB, filter: { status?: string }, page: { limit: number; offset: number }) {
  let q = db
    .selectFrom('privacy_requests')
    // The name of the account the proved telephone named: the erasure's confirmation says whom it erases.
    .leftJoin('users', 'users.id', 'privacy_requests.user_id')
    .where('privacy_requests.status', '!=', 'en_attente_code');
  if (filter.status) q = q.where('privacy_requests.status', '=', filter.status);
  const [items, total] = await Promise.all([
    q
      .selectAll('privacy_requests')
      .select('users.name as person_name')
      .orderBy((eb) => eb.case().when('privacy_requests.status', '=', 'a_traiter').then(0).else(1).end())
      .orderBy('privacy_requests.due_at', 'asc')
      .orderBy('privacy_requests.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    countProved(db, filter.status),
  ]);
  return { items, total };
}

/** Open requests due on or before `limit` (the dashboard's warning). */
export async function countDueSoon(db: DB, limit: string): Promise<number> {
  const row = await db
    .selectFrom('privacy_requests')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', '=', 'a_traiter')
    .where('due_at', '<=', limit)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const countOpen = (db: DB): Promise<number> => keptCount(db, ['privacy_requests:status:a_traiter']);
