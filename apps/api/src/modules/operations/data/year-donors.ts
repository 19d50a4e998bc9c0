import { sql } from 'kysely';
import type { DB } from '../../../platform/database/database';
import { keptCount } from '../../../platform/database/kept-counts';
import { fieldError } from '../../../platform/lib/http-errors';
import { likePattern, MAX_SKIPPED_ROWS, PAGE_MESSAGES, type SeekPageQuery } from '../../../platform/lib/pagination';
import { toE164 } from '../../../platform/lib/phone';
import { moneySearch } from '../../payments';
import { donationsOfYear, keptYearDonors, yearDonorNames } from '../data';

// The year-end receipts list, one page at a time: donors of a year (by telephone) with what they gave, searchable by
// name or telephone (typed in any spelling), ordered by telephone, with the number of donors for X-Total-Count.
// Totals come from year_donor_totals (kept by triggers, migration 20261127_0300): grouping the year's donations on
// every page cost 0.7 s at a million.

/** The telephones of the year's donations whose name or telephone matches the search. */
function matchingPhones(db: DB, year: number, q: string) {
  const telephone = toE164(q);
  const pattern = likePattern(q);
  const digits = q.replace(/[\s.-]/g, '');
  return (
    donationsOfYear(db, year)
      // The donations' search index narrows the rows; it also holds e-mails, references and causes, which this list
      // does not search: the names and telephones are compared again on what it found.
      .where(moneySearch(db, 'donations', q, ['name', 'phone']))
      .where((eb) =>
        eb.or([
          ...(telephone ? [eb('phone', '=', telephone)] : []),
          ...(digits !== q && /^\+?\d{4,}$/.test(digits) ? [sql<boolean>`phone like ${likePattern(digits)} escape '\\'`] : []),
          sql<boolean>`lower(name) like lower(${pattern}) escape '\\'`,
          sql<boolean>`phone like ${pattern} escape '\\'`,
        ]),
      )
      .select('phone')
  );
}

/** The cursor of X-Next-Cursor on this list: the last telephone of a page (lists sorted by telephone). */
const encodePhoneCursor = (phone: string) => Buffer.from(phone, 'utf8').toString('base64url');
function decodePhoneCursor(cursor: string): string {
  const phone = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^\+?\d{4,20}$/.test(phone)) throw fieldError('after', PAGE_MESSAGES.badCursor);
  return phone;
}

/**
 * A page of the year's donors by telephone, read by seek like the money lists (docs/product/http-api.md,
 * « Pagination »): `after` (the last telephone of the previous page) through the (year, phone) key; `page` by a
 * short skip from either end, refused beyond MAX_SKIPPED_ROWS from both. Without a search the number of donors is
 * kept by triggers (`year_donors:<year>`, migration 20261127_0600); a search counts its donors.
 */
export async function pageYearDonors(db: DB, year: number, page: SeekPageQuery) {
  let base = keptYearDonors(db, year);
  // A donor found by one donation shows the whole year's figures, the same as without a search.
  if (page.q) base = base.where('phone', 'in', matchingPhones(db, year, page.q));
  const total = page.q
    ? Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
    : await keptCount(db, [`year_donors:${year}`]);
  const columns = ['phone', 'total', 'count'] as const;
  let rows: Array<{ phone: string; total: number | string | bigint; count: number }>;
  let more: boolean;
  const skipped = (page.page - 1) * page.per_page;
  if (page.after) {
    const found = await base
      .where('phone', '>', decodePhoneCursor(page.after))
      .select(columns)
      .orderBy('phone')
      .limit(page.per_page + 1)
      .execute();
    rows = found.slice(0, page.per_page);
    more = found.length > page.per_page;
  } else if (skipped <= MAX_SKIPPED_ROWS) {
    const found = await base
      .select(columns)
      .orderBy('phone')
      .limit(page.per_page + 1)
      .offset(skipped)
      .execute();
    rows = found.slice(0, page.per_page);
    more = found.length > page.per_page;
  } else if (skipped >= total) {
    rows = [];
    more = false;
  } else {
    // A page near the end, read from the other end of the (year, phone) key.
    const fromLast = Math.max(0, total - skipped - page.per_page);
    if (fromLast > MAX_SKIPPED_ROWS) throw fieldError('page', PAGE_MESSAGES.tooDeep);
    rows = (
      await base
        .select(columns)
        .orderBy('phone', 'desc')
        .limit(total - skipped - fromLast)
        .offset(fromLast)
        .execute()
    ).reverse();
    more = skipped + rows.length < total;
  }
  const names = await yearDonorNames(
    db,
    year,
    rows.map((r) => r.phone),
  );
  const last = rows.at(-1);
  return {
    total,
    next: more && last ? encodePhoneCursor(last.phone) : null,
    items: rows.map((r) => ({ telephone: r.phone, name: names.get(r.phone) ?? null, total: Number(r.total), count: Number(r.count) })),
  };
}
