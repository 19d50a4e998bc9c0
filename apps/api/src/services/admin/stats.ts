import { ROLES, type Role } from '@shared/constants';
import type { AdminStats } from '@shared/schemas/admin-stats';
import type { DB } from '../../db/database';
import {
  countNeedsByZone,
  countPendingModeration,
  countUnconfirmedUsers,
  countUsersByRole,
  sumApprovedByMonth,
} from '../../db/repositories/stats';

export const MONTHS_SHOWN = 12;
export const UNKNOWN_ZONE_LABEL = 'Zone non renseignée';

/** The `MONTHS_SHOWN` calendar months (UTC) ending with the one of `now`, oldest first, as "YYYY-MM". */
export function lastMonths(now: Date, count = MONTHS_SHOWN): string[] {
  const months: string[] = [];
  for (let i = count - 1; i >= 0; i -= 1) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    months.push(d.toISOString().slice(0, 7));
  }
  return months;
}

/**
 * The trends (money per month, needs by zone) scan whole tables, so they are kept for a minute per database
 * and computed once for concurrent callers; the counts an administrator acts on are always live.
 */
export const TRENDS_TTL_MS = 60_000;
type Trends = Pick<AdminStats, 'monthly' | 'needs_by_zone'>;
const trendsCache = new WeakMap<DB, { until: number; month: string; value: Promise<Trends> }>();

function getTrends(db: DB, now: Date): Promise<Trends> {
  const month = now.toISOString().slice(0, 7);
  const cached = trendsCache.get(db);
  if (cached && cached.until > now.getTime() && cached.month === month) return cached.value;
  const value = computeTrends(db, now);
  trendsCache.set(db, { until: now.getTime() + TRENDS_TTL_MS, month, value });
  value.catch(() => trendsCache.delete(db));
  return value;
}

/** Forget the cached trends (tests, or after bulk changes). */
export const clearStatsCache = (db: DB) => trendsCache.delete(db);

export async function getAdminStats(db: DB, now = new Date()): Promise<AdminStats> {
  const [roles, unconfirmed, pending, trends] = await Promise.all([
    countUsersByRole(db),
    countUnconfirmedUsers(db),
    countPendingModeration(db),
    getTrends(db, now),
  ]);
  const usersByRole = Object.fromEntries(ROLES.map((r) => [r, 0])) as Record<Role, number>;
  for (const r of roles) usersByRole[r.role as Role] = r.total;
  return {
    counts: {
      users_by_role: usersByRole,
      unconfirmed_accounts: unconfirmed,
      unconfirmed_volunteers: pending.volunteers,
      pending_testimonials: pending.testimonials,
    },
    ...trends,
  };
}

async function computeTrends(db: DB, now: Date): Promise<Trends> {
  const months = lastMonths(now);
  const since = `${months[0]}-01T00:00:00.000Z`;
  const [donations, payments, needs] = await Promise.all([
    sumApprovedByMonth(db, 'donations', since),
    sumApprovedByMonth(db, 'payments', since),
    countNeedsByZone(db),
  ]);
  const donationsByMonth = new Map(donations.map((d) => [d.month, d]));
  const paymentsByMonth = new Map(payments.map((p) => [p.month, p]));
  return {
    monthly: months.map((month) => ({
      month,
      donations_total: donationsByMonth.get(month)?.total ?? 0,
      donations_count: donationsByMonth.get(month)?.count ?? 0,
      payments_total: paymentsByMonth.get(month)?.total ?? 0,
      payments_count: paymentsByMonth.get(month)?.count ?? 0,
    })),
    needs_by_zone: needs.map((n) => ({ zone: n.zone?.trim() || UNKNOWN_ZONE_LABEL, need: n.need, count: n.count })),
  };
}
