import { ROLES, type Role } from '@shared/constants';
import type { AdminStats } from '@shared/schemas/admin-stats';
import type { DB } from '../../platform/database/database';
import { type StatsFigure, statsFigures } from './data';

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
  const figures = await statsFigures(db, months[0]!);
  const of = (kind: StatsFigure['kind']) => figures.filter((f) => f.kind === kind);
  const number = (value: number | string | null) => Number(value ?? 0);
  const counts = new Map(of('count').map((f) => [f.k1!, number(f.n)]));
  const usersByRole = Object.fromEntries(ROLES.map((r) => [r, counts.get(`users:role:${r}`) ?? 0])) as Record<Role, number>;
  const money = new Map(of('money').map((f) => [`${f.k1}|${f.k2}`, f]));
  const messages = new Map(of('messages').map((f) => [`${f.k1}|${f.k2}`, number(f.n)]));
  const needs = of('need').sort((a, b) => number(a.v) - number(b.v));
  return {
    counts: {
      users_by_role: usersByRole,
      unconfirmed_accounts: counts.get('users:unconfirmed') ?? 0,
      unconfirmed_volunteers: number(of('volunteers')[0]?.n ?? 0),
      pending_testimonials: number(of('testimonials')[0]?.n ?? 0),
    },
    monthly: months.map((month) => ({
      month,
      donations_total: number(money.get(`donations|${month}`)?.v ?? 0),
      donations_count: number(money.get(`donations|${month}`)?.n ?? 0),
      payments_total: number(money.get(`payments|${month}`)?.v ?? 0),
      payments_count: number(money.get(`payments|${month}`)?.n ?? 0),
    })),
    messages_by_channel: months.map((month) => ({
      month,
      sms: messages.get(`${month}|sms`) ?? 0,
      email: messages.get(`${month}|email`) ?? 0,
      whatsapp: messages.get(`${month}|whatsapp`) ?? 0,
    })),
    needs_by_zone: needs.map((n) => ({ zone: n.k3?.trim() || UNKNOWN_ZONE_LABEL, need: String(n.k2), count: number(n.n) })),
    pledges: {
      committed_monthly: counts.get('pledges:monthly:active') ?? 0,
      active: counts.get('pledges:status:active') ?? 0,
      monthly: months.map((month) => ({ month, collected: number(money.get(`pledge_payments|${month}`)?.v ?? 0) })),
    },
  };
}
