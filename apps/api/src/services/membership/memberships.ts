import { MEMBERSHIP_RENEW_WINDOW_DAYS, type MembershipStatus, type MembershipSummary } from '@shared/schemas/membership';
import { PAYMENT_TYPES } from '@shared/constants';
import { sql } from 'kysely';
import { type DB, nowIso } from '../../db/database';
import { clock } from '../../lib/clock';
import type { Executor } from '../../db/repositories/money-records';
import { PAID_STATUSES } from '../payments/transitions';
import { addDays, membershipStatus, validUntilFrom } from './period';

// An account's membership is derived from its payments: every approved adhesion or cotisation that is
// neither refunded nor cancelled, replayed in order. Recomputed inside the transaction that changes one.

export const DEFAULT_MEMBERSHIP_MONTHS = 12;

export async function recomputeMembership(trx: Executor, userId: number, months: number): Promise<string | null> {
  const rows = await trx
    .selectFrom('payments')
    .select(['paid_at', 'created_at'])
    .where('user_id', '=', userId)
    .where('payment_type', 'in', [...PAYMENT_TYPES])
    .where('transaction_status', 'in', [...PAID_STATUSES])
    .where('deleted_at', 'is', null)
    .execute();
  const end = validUntilFrom(
    rows.map((r) => (r.paid_at ?? r.created_at).slice(0, 10)),
    months,
  );
  if (!end) {
    await trx.deleteFrom('memberships').where('user_id', '=', userId).execute();
    return null;
  }
  await trx
    .insertInto('memberships')
    .values({ user_id: userId, valid_until: end, updated_at: nowIso() })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ valid_until: end, updated_at: nowIso() }))
    .execute();
  return end;
}

/** Called whenever a payment's status or deletion changes: only membership payments of an account matter. */
export async function paymentChanged(
  trx: Executor,
  row: { user_id?: number | null; payment_type?: string },
  months: number,
): Promise<void> {
  if (!row.user_id || !(PAYMENT_TYPES as readonly string[]).includes(row.payment_type ?? '')) return;
  await recomputeMembership(trx, row.user_id, months);
}

export async function getMembership(db: DB, userId: number): Promise<MembershipSummary> {
  const row = await db.selectFrom('memberships').select('valid_until').where('user_id', '=', userId).executeTakeFirst();
  const validUntil = row?.valid_until ?? null;
  return { status: membershipStatus(validUntil, clock.today()), valid_until: validUntil };
}

/** Accounts with their membership, optionally one status only; the filter runs in the database. */
export function membersQuery(db: DB, status: MembershipStatus | undefined) {
  const today = clock.today();
  const renewFrom = addDays(today, MEMBERSHIP_RENEW_WINDOW_DAYS);
  let q = db.selectFrom('users').leftJoin('memberships', 'memberships.user_id', 'users.id');
  if (status === 'aucune') q = q.where('memberships.valid_until', 'is', null);
  if (status === 'expiree') q = q.where('memberships.valid_until', '<', today);
  if (status === 'a_renouveler') q = q.where('memberships.valid_until', '>=', today).where('memberships.valid_until', '<=', renewFrom);
  if (status === 'a_jour') q = q.where('memberships.valid_until', '>', renewFrom);
  return q.select([
    'users.id as id',
    'users.name as name',
    'users.telephone as telephone',
    'users.email as email',
    'users.role as role',
    'users.created_at as created_at',
    'memberships.valid_until as valid_until',
  ]);
}

export const withStatus = <T extends { valid_until: string | null }>(row: T) => ({
  ...row,
  status: membershipStatus(row.valid_until, clock.today()),
});

export async function listMembers(db: DB, status: MembershipStatus | undefined, page: { page: number; per_page: number }) {
  const base = membersQuery(db, status);
  const [rows, count] = await Promise.all([
    base
      .orderBy('users.created_at', 'desc')
      .orderBy('users.id', 'desc')
      .limit(page.per_page)
      .offset((page.page - 1) * page.per_page)
      .execute(),
    base.clearSelect().select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(withStatus), total: Number(count.n) };
}
