import { ROLES, type Role } from '@shared/constants';
import type { AdminStats } from '@shared/schemas/admin-stats';
import type { DB } from '../../platform/database/database';
import { pledgeStats } from '../pledges';
import {
  countMessagesByMonth,
  countNeedsByZone,
  countPendingModeration,
  countUnconfirmedUsers,
  countUsersByRole,
  sumApprovedByMonth,
} from './data';

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

type Trends = Pick<AdminStats, 'monthly' | 'needs_by_zone' | 'messages_by_channel'>;

export async function getAdminStats(db: DB, now = new Date()): Promise<AdminStats> {
  const [roles, unconfirmed, pending, trends, pledges] = await Promise.all([
    countUsersByRole(db),
    countUnconfirmedUsers(db),
    countPendingModeration(db),
    computeTrends(db, now),
    pledgeStats(db, lastMonths(now)),
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
    pledges,
  };
}

async function computeTrends(db: DB, now: Date): Promise<Trends> {
  const months = lastMonths(now);
  const since = `${months[0]}-01T00:00:00.000Z`;
  const [donations, payments, needs, messages] = await Promise.all([
    sumApprovedByMonth(db, 'donations', since),
    sumApprovedByMonth(db, 'payments', since),
    countNeedsByZone(db),
    countMessagesByMonth(db, months[0]!),
  ]);
  const messagesOf = (month: string, channel: string) => messages.find((m) => m.month === month && m.channel === channel)?.n ?? 0;
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
    messages_by_channel: months.map((month) => ({
      month,
      sms: messagesOf(month, 'sms'),
      email: messagesOf(month, 'email'),
      whatsapp: messagesOf(month, 'whatsapp'),
    })),
    needs_by_zone: needs.map((n) => ({ zone: n.zone?.trim() || UNKNOWN_ZONE_LABEL, need: n.need, count: n.count })),
  };
}
