// French formatting: "5 000 FCFA" with a no-break space as thousands separator, « −5 000 FCFA » with the true minus
// sign (U+2212) for a negative amount. PDFs print it through pdfSafe (apps/api/src/platform/exports/pdf-text.ts),
// as the en dash Helvetica has.
const NBSP = '\u00a0';
export const MINUS = '\u2212';

export function formatNumber(value: number): string {
  const [int, dec] = Math.abs(value)
    .toFixed(Number.isInteger(value) ? 0 : 2)
    .split('.');
  const grouped = int!.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  return `${value < 0 ? MINUS : ''}${grouped}${dec ? `,${dec}` : ''}`;
}

/** « Motif\u00a0: », the no-break space French puts before a colon (the same space as the thousands separator above). */
export const FRENCH_COLON = `${NBSP}:`;

export function formatFcfa(amount: number): string {
  return `${formatNumber(amount)}${NBSP}FCFA`;
}

// « 26 novembre 2026 », the day in Cotonou whatever the reader's device is set to (a gift made at 00:30 in Cotonou is
// 23:30 UTC the day before). Built on first use, like the short formatter below.
let longDate: Intl.DateTimeFormat | undefined;
export function formatDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  longDate ??= new Intl.DateTimeFormat('fr-FR', { timeZone: COTONOU_TIME_ZONE, day: '2-digit', month: 'long', year: 'numeric' });
  return longDate.format(d);
}

/** Zones are compared without regard to case, accents or surrounding spaces. */
export function normalizeZone(zone: string): string {
  return zone.normalize('NFD').replace(/\p{M}/gu, '').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Benin's time zone (UTC+1 all year): every time shown or sent to people is Cotonou time. */
export const COTONOU_TIME_ZONE = 'Africa/Porto-Novo';

/** « 14:05 » in Cotonou time. */
export function formatCotonouTime(iso: string): string {
  return new Intl.DateTimeFormat('fr-FR', { timeZone: COTONOU_TIME_ZONE, hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}

/** « samedi 12 décembre 2026 à 14:05 » in Cotonou time. */
export function formatCotonouDateTime(iso: string): string {
  const d = new Date(iso);
  const day = new Intl.DateTimeFormat('fr-FR', {
    timeZone: COTONOU_TIME_ZONE,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(d);
  return `${day} à ${formatCotonouTime(iso)}`;
}

// Built on first use, not when the module loads: a formatter with a time zone loads ICU's zone data, ~25 ms of the main
// thread on a fast machine, which every public page importing this module paid before its first tap.
let shortParts: Intl.DateTimeFormat | undefined;
const shortFormatter = () =>
  (shortParts ??= new Intl.DateTimeFormat('fr-FR', {
    timeZone: COTONOU_TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }));

/** « 25/11/2026 14:54 » in Cotonou time (lists, CSV exports); '' for a value that is not a date. */
export function formatCotonouShort(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const p = Object.fromEntries(
    shortFormatter()
      .formatToParts(d)
      .map((part) => [part.type, part.value]),
  );
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/**
 * Round axis ticks from 0 to at least `max`: steps of 1, 2, 2.5 or 5 × 10ⁿ, about `count` of them
 * (max 6 300 → 0, 2 000, 4 000, 6 000, 8 000), never « 2 k / 3 k / 5 k / 6 k ».
 */
export function niceTicks(max: number, count = 5): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / Math.max(1, count - 1);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  const whole = Math.max(1, step >= 1 ? Math.round(step) : step);
  const ticks: number[] = [];
  for (let v = 0; v < max + whole; v += whole) ticks.push(v);
  if (ticks[ticks.length - 1]! < max) ticks.push(ticks[ticks.length - 1]! + whole);
  return ticks;
}

/** An axis tick in French: « 5 000 », « 250 000 », « 1,5 M » from a million. */
export function formatTick(value: number): string {
  if (Math.abs(value) >= 1_000_000) return `${String(Math.round(value / 100_000) / 10).replace('.', ',')}${NBSP}M`;
  return formatNumber(value);
}
