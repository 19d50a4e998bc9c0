import { MEMBERSHIP_RENEW_WINDOW_DAYS, type MembershipStatus } from '@shared/schemas/membership';

// Membership period arithmetic on plain YYYY-MM-DD dates (UTC), kept free of the database so it can be
// reasoned about and tested alone.

const DAY_MS = 24 * 3600_000;
const toTime = (date: string) => Date.parse(`${date}T00:00:00Z`);
const toDate = (time: number) => new Date(time).toISOString().slice(0, 10);

/** `date` plus `months` calendar months; the 31st of a shorter month becomes its last day. */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return toDate(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, lastDay)));
}

export function addDays(date: string, days: number): string {
  return toDate(toTime(date) + days * DAY_MS);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((toTime(to) - toTime(from)) / DAY_MS);
}

/**
 * The end of the period after one more payment made on `paidOn`: counted from the later of that day
 * and the current end, so an early renewal loses nothing and a late one does not pay for the gap.
 */
export function extendPeriod(currentEnd: string | null, paidOn: string, months: number): string {
  const start = currentEnd && currentEnd > paidOn ? currentEnd : paidOn;
  return addMonths(start, months);
}

/** The end after every payment that still counts, replayed in the order they were paid; null without any. */
export function validUntilFrom(paidDays: readonly string[], months: number): string | null {
  let end: string | null = null;
  for (const day of [...paidDays].sort()) end = extendPeriod(end, day, months);
  return end;
}

export function membershipStatus(validUntil: string | null, today: string): MembershipStatus {
  if (!validUntil) return 'aucune';
  const left = daysBetween(today, validUntil);
  if (left < 0) return 'expiree';
  return left <= MEMBERSHIP_RENEW_WINDOW_DAYS ? 'a_renouveler' : 'a_jour';
}
