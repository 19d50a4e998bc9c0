import { countMatches, pageOfPhrase } from '../../platform/database/bounded-search';
import type { SelectQueryBuilder } from 'kysely';
import { PAYMENT_TYPES, RECEIVED_STATUSES } from '@shared/constants';
import { MEMBERSHIP_RENEW_WINDOW_DAYS, type MembershipStatus } from '@shared/schemas/membership';
import type { DB } from '../../platform/database/database';
import { keptCount, keptCountBetween } from '../../platform/database/kept-counts';
import { type ListTotal, newestFirstSeek, type SeekPageQuery } from '../../platform/lib/pagination';
import { userSearch, userSearchPhrase } from '../../platform/database/user-search';
import { addDays } from './period';

// The membership area's queries: memberships, and the membership payments they are derived from.

/** The dates (paid, else created) of the account's received, non-deleted membership payments. */
export async function membershipPaymentDates(trx: DB, userId: number): Promise<string[]> {
  const rows = await trx
    .selectFrom('payments')
    .select(['paid_at', 'created_at'])
    .where('user_id', '=', userId)
    .where('payment_type', 'in', [...PAYMENT_TYPES])
    .where('transaction_status', 'in', [...RECEIVED_STATUSES])
    .where('deleted_at', 'is', null)
    .execute();
  return rows.map((r) => (r.paid_at ?? r.created_at).slice(0, 10));
}

export async function deleteMembership(trx: DB, userId: number): Promise<void> {
  await trx.deleteFrom('memberships').where('user_id', '=', userId).execute();
}

export async function upsertMembership(trx: DB, userId: number, validUntil: string, now: string): Promise<void> {
  await trx
    .insertInto('memberships')
    .values({ user_id: userId, valid_until: validUntil, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ valid_until: validUntil, updated_at: now }))
    .execute();
}

export async function findValidUntil(db: DB, userId: number): Promise<string | null> {
  const row = await db.selectFrom('memberships').select('valid_until').where('user_id', '=', userId).executeTakeFirst();
  return row?.valid_until ?? null;
}

/**
 * Accounts with their membership, optionally one status only (as of `today`) and matching a search term (name,
 * e-mail, telephone, by the users' search index); the filters run in the database.
 */
export function membersQuery(db: DB, status: MembershipStatus | undefined, today: string, term?: string) {
  let q = ofStatus(db.selectFrom('users').leftJoin('memberships', 'memberships.user_id', 'users.id'), status, today);
  if (term?.trim()) q = q.where(userSearch(db, term.trim()));
  return q.select(MEMBER_COLUMNS);
}

const MEMBER_COLUMNS = [
  'users.id as id',
  'users.name as name',
  'users.telephone as telephone',
  'users.email as email',
  'users.role as role',
  'users.created_at as created_at',
  'memberships.valid_until as valid_until',
] as const;

/** A query on `users` left-joined to `memberships`, restricted to one status (as of `today`) when given. */
function ofStatus<Q extends SelectQueryBuilder<any, any, any>>(qb: Q, status: MembershipStatus | undefined, today: string): Q {
  const renewFrom = addDays(today, MEMBERSHIP_RENEW_WINDOW_DAYS);
  let q: SelectQueryBuilder<any, any, any> = qb;
  if (status === 'aucune') q = q.where('memberships.valid_until', 'is', null);
  if (status === 'expiree') q = q.where('memberships.valid_until', '<', today);
  if (status === 'a_renouveler') q = q.where('memberships.valid_until', '>=', today).where('memberships.valid_until', '<=', renewFrom);
  if (status === 'a_jour') q = q.where('memberships.valid_until', '>', renewFrom);
  return q as Q;
}

/**
 * The number of accounts with this membership status, from the counts the triggers keep (migration 20261126_0900):
 * accounts, and memberships per last day, summed over the days the status covers.
 */
async function countMembers(db: DB, status: MembershipStatus | undefined, today: string): Promise<number> {
  const until = (from: string, to: string) => keptCountBetween(db, MEMBERSHIP_DAY_KEY, from, to);
  const renewFrom = addDays(today, MEMBERSHIP_RENEW_WINDOW_DAYS);
  if (status === 'expiree') return until('0000-01-01', addDays(today, -1));
  if (status === 'a_renouveler') return until(today, renewFrom);
  if (status === 'a_jour') return until(addDays(renewFrom, 1), '9999-12-31');
  const accounts = await keptCount(db, ['users']);
  return status === 'aucune' ? accounts - (await until('0000-01-01', '9999-12-31')) : accounts;
}
const MEMBERSHIP_DAY_KEY = 'memberships:until:';

/** One page of accounts with their membership, newest first (by seek: platform/lib/pagination.ts), and the total. */
export async function pageOfMembers(db: DB, status: MembershipStatus | undefined, today: string, page: SeekPageQuery) {
  const term = page.q?.trim();
  // A search the trigram index answers alone: its count stops at the cap, and a common name reads its newest matches.
  const phrase = term ? userSearchPhrase(db, term) : null;
  if (phrase) {
    const { total, rows, next } = await pageOfPhrase(
      db,
      phrase,
      (qb) => ofStatus(qb.leftJoin('memberships', 'memberships.user_id', 'users.id'), status, today) as never,
      (qb) => qb.select(MEMBER_COLUMNS) as never,
      membersQuery(db, status, today, term),
      page,
    );
    return { rows, total: total as ListTotal, next };
  }
  // Another search is counted on its matches (found by index, at most SEARCH_COUNT_CAP + 1); without one, the kept counts.
  const total: ListTotal = term ? await countMatches(db, membersQuery(db, status, today, term)) : await countMembers(db, status, today);
  const { rows, next } = await newestFirstSeek(membersQuery(db, status, today, term), page, total, {
    created_at: 'users.created_at',
    id: 'users.id',
  });
  return { rows, total, next };
}

/** Members whose period ended between the two dates (inclusive), for the reminders. */
export function membersEndingBetween(db: DB, earliestEnd: string, latestEnd: string) {
  return db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select([
      'users.id as id',
      'users.name as name',
      'users.telephone as telephone',
      'users.email as email',
      'memberships.valid_until as valid_until',
    ])
    .where('memberships.valid_until', '>=', earliestEnd)
    .where('memberships.valid_until', '<=', latestEnd)
    .execute();
}
