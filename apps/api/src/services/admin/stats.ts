import { ROLES, type Role } from '@shared/constants';
import type { AdminStats } from '@shared/schemas/admin-stats';
import type { DB } from '../../db/database';
import { countNeedsByZone, countPendingModeration, countUsersByRole, sumApprovedByMonth } from './stats-repository';

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

export async function getAdminStats(db: DB, now = new Date()): Promise<AdminStats> {
  const months = lastMonths(now);
  const since = `${months[0]}-01T00:00:00.000Z`;
  const [roles, pending, donations, payments, needs] = await Promise.all([
    countUsersByRole(db),
    countPendingModeration(db),
    sumApprovedByMonth(db, 'donations', since),
    sumApprovedByMonth(db, 'payments', since),
    countNeedsByZone(db),
  ]);

  const usersByRole = Object.fromEntries(ROLES.map((r) => [r, 0])) as Record<Role, number>;
  let unconfirmed = 0;
  for (const r of roles) {
    usersByRole[r.role as Role] = r.total;
    unconfirmed += r.unconfirmed;
  }

  const donationsByMonth = new Map(donations.map((d) => [d.month, d]));
  const paymentsByMonth = new Map(payments.map((p) => [p.month, p]));
  return {
    counts: {
      users_by_role: usersByRole,
      unconfirmed_accounts: unconfirmed,
      unconfirmed_volunteers: pending.volunteers,
      pending_testimonials: pending.testimonials,
    },
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
