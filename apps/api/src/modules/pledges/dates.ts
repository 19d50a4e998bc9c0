import { PLEDGE_MONTHS, type PledgeFrequency } from '@shared/schemas/pledges';

// The calendar of dues, in Cotonou's calendar (UTC+1 all year, no daylight saving). A due falls on the
// pledge's anchor day (the day of its first gift), or on the month's last day when the month is shorter:
// a pledge made on 31 January falls due on 28 (or 29) February, then 31 March, 30 April…

const COTONOU_OFFSET_MS = 3_600_000;

/** The Cotonou calendar date (YYYY-MM-DD) and hour of an instant. */
export function cotonouDay(now: Date): { date: string; hour: number } {
  const local = new Date(now.getTime() + COTONOU_OFFSET_MS);
  return { date: local.toISOString().slice(0, 10), hour: local.getUTCHours() };
}

const daysInMonth = (year: number, monthIndex: number) => new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();

/** The due of the month `monthIndex` (0-based, may overflow) of `year` for a pledge anchored on `anchorDay`. */
function dueIn(year: number, monthIndex: number, anchorDay: number): string {
  const d = new Date(Date.UTC(year, monthIndex, 1));
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  const day = Math.min(anchorDay, daysInMonth(y, m));
  return `${y}-${String(m + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The due after `due` (YYYY-MM-DD): one month, quarter or year later, on the anchor day or the month's last day. */
export function nextDueAfter(due: string, anchorDay: number, frequency: PledgeFrequency): string {
  const year = Number(due.slice(0, 4));
  const month = Number(due.slice(5, 7)) - 1;
  return dueIn(year, month + PLEDGE_MONTHS[frequency], anchorDay);
}

/** The first due on or after `day`, starting from `due` and stepping by the frequency. */
export function firstDueFrom(due: string, day: string, anchorDay: number, frequency: PledgeFrequency): string {
  let next = due;
  while (next < day) next = nextDueAfter(next, anchorDay, frequency);
  return next;
}

/** `date` plus `days` days (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** « 15 mars 2027 » */
export function frenchDate(date: string): string {
  return new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}
