import type { MembershipStatus, MembershipSummary } from '@shared/schemas/membership';
import { PAYMENT_TYPES } from '@shared/constants';
import { type DB, nowIso } from '../../platform/database/database';
import { clock } from '../../platform/lib/clock';
import type { SeekPageQuery } from '../../platform/lib/pagination';
import {
  deleteMembership,
  findValidUntil,
  membershipPaymentDates,
  membersQuery as membersQueryAsOf,
  pageOfMembers,
  upsertMembership,
} from './data';
import { membershipStatus, validUntilFrom } from './period';

// An account's membership is derived from its payments: every approved adhesion or cotisation that is
// neither refunded nor cancelled, replayed in order. Recomputed inside the transaction that changes one.

export const DEFAULT_MEMBERSHIP_MONTHS = 12;

export async function recomputeMembership(trx: DB, userId: number, months: number): Promise<string | null> {
  const end = validUntilFrom(await membershipPaymentDates(trx, userId), months);
  if (!end) {
    await deleteMembership(trx, userId);
    return null;
  }
  await upsertMembership(trx, userId, end, nowIso());
  return end;
}

/** Called whenever a payment's status or deletion changes: only membership payments of an account matter. */
export async function paymentChanged(trx: DB, row: { user_id?: number | null; payment_type?: string }, months: number): Promise<void> {
  if (!row.user_id || !(PAYMENT_TYPES as readonly string[]).includes(row.payment_type ?? '')) return;
  await recomputeMembership(trx, row.user_id, months);
}

export async function getMembership(db: DB, userId: number): Promise<MembershipSummary> {
  const validUntil = await findValidUntil(db, userId);
  return { status: membershipStatus(validUntil, clock.today()), valid_until: validUntil };
}

/** Accounts with their membership as of today, optionally one status only. */
export const membersQuery = (db: DB, status: MembershipStatus | undefined, term?: string) =>
  membersQueryAsOf(db, status, clock.today(), term);

export const withStatus = <T extends { valid_until: string | null }>(row: T) => ({
  ...row,
  status: membershipStatus(row.valid_until, clock.today()),
});

export async function listMembers(db: DB, status: MembershipStatus | undefined, page: SeekPageQuery) {
  const { rows, total, next } = await pageOfMembers(db, status, clock.today(), page);
  return { items: rows.map(withStatus), total, next };
}
