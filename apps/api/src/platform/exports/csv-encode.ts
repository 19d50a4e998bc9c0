// One CSV line of cells, written by hand for speed (a thousand rows in well under a millisecond of work per
// hundred rows; the general-purpose csv-stringify took ~0.2 ms per row, which held the event loop for hundreds of
// milliseconds per batch of a big export). Same output as csv-stringify with `;`, CRLF, `"` quoting and its
// formula escaping: a text cell starting with = + - @ (their full-width forms), a tab or CR gets a leading `'`.
//
// What a spreadsheet opens right (issue #33 item 13, docs/decisions/csv-spreadsheet-values.md), decided here for
// every export:
// - a timestamp (ISO 8601 instant) is written « 25/11/2026 14:54 » in Cotonou time, a day « 2026-11-25 » as
//   « 25/11/2026 »;
// - a text made only of digits (a telephone « 0197112233 », « +2290197112233 », a long reference) is written as
//   the formula ="0197112233" (quoted per RFC 4180), which Excel and LibreOffice show as that text: the leading 0
//   and the + are kept and no stray apostrophe appears. Only digits, spaces and one leading + ever go inside it,
//   so no other formula can be smuggled through; every other text keeps the escaping above.

import { formatCotonouShort } from '@shared/format';

export type CsvCell = string | number | boolean | null | undefined;

const NEEDS_QUOTES = /[;"\r\n]/;
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const DIGITS_AS_TEXT = /^\+?[0-9][0-9 ]*$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;
const UTC_INSTANT = /^(\d{4}-\d{2}-\d{2}T\d{2}):(\d{2})(?::\d{2}(?:\.\d{1,9})?)?Z$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

// Intl's formatToParts costs ~15 µs a call, two timestamps a row: most of a big export's time on the event loop.
// Cotonou's offset is a whole number of hours, so each UTC hour is formatted once (« 25/11/2026 14: ») and the
// minutes appended; an export reads rows in time order, so a small cache holds nearly every hour it meets.
const hourPrefixes = new Map<string, string>();

function cotonouShort(text: string): string {
  const utc = UTC_INSTANT.exec(text);
  if (!utc) return formatCotonouShort(text) || text;
  const hour = utc[1]!;
  let prefix = hourPrefixes.get(hour);
  if (prefix === undefined) {
    const whole = formatCotonouShort(`${hour}:00:00Z`);
    if (!whole.endsWith(':00')) return formatCotonouShort(text) || text;
    prefix = whole.slice(0, -2);
    if (hourPrefixes.size >= 4096) hourPrefixes.clear();
    hourPrefixes.set(hour, prefix);
  }
  return prefix + utc[2];
}

/** A text value as a spreadsheet should show it: local dates; anything else unchanged. */
function spreadsheetText(text: string): string {
  if (ISO_INSTANT.test(text)) return cotonouShort(text);
  const day = ISO_DAY.exec(text);
  if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  return text;
}

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'oui' : 'non';
  let text = spreadsheetText(value);
  if (DIGITS_AS_TEXT.test(text)) return `"=""${text}"""`;
  const quote = NEEDS_QUOTES.test(text);
  if (FORMULA_START.test(text)) text = `'${text}`;
  if (!quote) return text;
  return `"${text.replaceAll('"', '""')}"`;
}

export function csvLine(cells: readonly CsvCell[]): string {
  let line = '';
  for (let i = 0; i < cells.length; i++) {
    if (i > 0) line += ';';
    line += csvCell(cells[i]);
  }
  return `${line}\r\n`;
}
