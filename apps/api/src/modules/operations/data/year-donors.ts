import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { SEARCH_COUNT_CAP } from '@shared/messages';
import { countMatches } from '../../../platform/database/bounded-search';
import type { DB } from '../../../platform/database/database';
import { keptCount } from '../../../platform/database/kept-counts';
import { fieldError } from '../../../platform/lib/http-errors';
import {
  type BoundedTotal,
  exactTotal,
  isCapped,
  likePattern,
  type ListTotal,
  MAX_SKIPPED_ROWS,
  PAGE_MESSAGES,
  type SeekPageQuery,
} from '../../../platform/lib/pagination';
import { toE164 } from '../../../platform/lib/phone';
import { moneyFtsPhrase, moneySearch } from '../../payments';
import { donationsOfYear, keptYearDonors, receivedInYear, yearDonorNames } from '../data';

// The year-end receipts list, one page at a time: donors of a year (by telephone) with what they gave, searchable by
// name or telephone (typed in any spelling), ordered by telephone, with the number of donors for X-Total-Count.
// Totals come from year_donor_totals (kept by triggers, migration 20261127_0300): grouping the year's donations on
// every page cost 0.7 s at a million.

/** The name or telephone of a donation matches the search (compared on the row: the exact test of this list). */
function nameOrPhoneMatches(q: string) {
  const telephone = toE164(q);
  const pattern = likePattern(q);
  const digits = q.replace(/[\s.-]/g, '');
  return (eb: ExpressionBuilder<any, any>) =>
    eb.or([
      ...(telephone ? [eb('phone', '=', telephone)] : []),
      ...(digits !== q && /^\+?\d{4,}$/.test(digits) ? [sql<boolean>`phone like ${likePattern(digits)} escape '\\'`] : []),
      sql<boolean>`lower(name) like lower(${pattern}) escape '\\'`,
      sql<boolean>`phone like ${pattern} escape '\\'`,
    ]);
}

/** The telephones of the year's donations whose name or telephone matches the search. */
function matchingPhones(db: DB, year: number, q: string) {
  return (
    donationsOfYear(db, year)
      // The donations' search index narrows the rows; it also holds e-mails, references and causes, which this list
      // does not search: the names and telephones are compared again on what it found.
      .where(moneySearch(db, 'donations', q, ['name', 'phone']))
      .where(nameOrPhoneMatches(q))
      .select('phone')
  );
}

/**
 * How many of the year's donors match the search, at most SEARCH_COUNT_CAP + 1. On SQLite the trigram index streams
 * the matching donations and the count stops at the cap's distinct telephones; `phone in (matches)` built all of
 * them first (« Zinsou », 25 000 donors at a million donations: 64 ms, now 11 ms).
 */
function countYearDonors(db: DB, year: number, q: string): Promise<BoundedTotal> {
  const phrase = moneyFtsPhrase(db, 'donations', q);
  if (!phrase) return countMatches(db, keptYearDonors(db, year).where('phone', 'in', matchingPhones(db, year, q)));
  const matches = sql`(select rowid as matched from donations_search where donations_search match ${phrase})`;
  const phones = receivedInYear((db as Kysely<any>).selectFrom(matches.as('m')).innerJoin('donations', 'donations.id', 'm.matched'), year)
    .where(nameOrPhoneMatches(q))
    .select('donations.phone')
    .distinct()
    .limit(SEARCH_COUNT_CAP + 1);
  return countMatches(db, (db as Kysely<any>).selectFrom(phones.as('p')));
}

/** How many donors, in telephone order, a common word's page walks at most before reading the page the usual way. */
const MAX_WALKED_DONORS = 5000;

/**
 * A page of a search matching more donors than are counted (a common name): the year's donors walked in telephone
 * order, each checked on its own donations of the year (their (phone, paid_at) index), stopping at the page's end;
 * null when the first MAX_WALKED_DONORS donors hold too few matches (read the page the usual way).
 */
async function walkedPage(db: DB, year: number, q: string, after: string | null, skipped: number, needed: number) {
  let donors = keptYearDonors(db, year);
  if (after !== null) donors = donors.where('phone', '>', after);
  const window = donors.select(['phone', 'total', 'count']).orderBy('phone').limit(MAX_WALKED_DONORS).as('y');
  const rows = await db
    .selectFrom(window)
    .selectAll()
    .where((eb) =>
      eb.exists(
        receivedInYear(eb.selectFrom('donations'), year)
          .whereRef('donations.phone', '=', 'y.phone')
          .where(nameOrPhoneMatches(q))
          .select(sql`1`.as('one')),
      ),
    )
    .orderBy('phone')
    .limit(needed)
    .execute();
  return rows.length < needed ? null : rows.slice(skipped);
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
  const counted: ListTotal = page.q ? await countYearDonors(db, year, page.q) : await keptCount(db, [`year_donors:${year}`]);
  const total = exactTotal(counted);
  const columns = ['phone', 'total', 'count'] as const;
  let rows: Array<{ phone: string; total: number | string | bigint; count: number }>;
  let more: boolean;
  const skipped = (page.page - 1) * page.per_page;
  // Beyond the cap the end of the list is unknown: the cursor goes on.
  if (isCapped(counted) && !page.after && skipped > MAX_SKIPPED_ROWS) throw fieldError('page', PAGE_MESSAGES.tooDeep);
  const after = page.after ? decodePhoneCursor(page.after) : null;
  const walked =
    isCapped(counted) && page.q && (after !== null ? 0 : skipped) + page.per_page < MAX_WALKED_DONORS / 10
      ? await walkedPage(db, year, page.q, after, after !== null ? 0 : skipped, (after !== null ? 0 : skipped) + page.per_page + 1)
      : null;
  if (walked) {
    rows = walked.slice(0, page.per_page);
    more = walked.length > page.per_page;
  } else if (after !== null) {
    const found = await base
      .where('phone', '>', after)
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
    total: counted,
    next: more && last ? encodePhoneCursor(last.phone) : null,
    items: rows.map((r) => ({ telephone: r.phone, name: names.get(r.phone) ?? null, total: Number(r.total), count: Number(r.count) })),
  };
}
