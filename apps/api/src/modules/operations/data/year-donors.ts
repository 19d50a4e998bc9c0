import { CompiledQuery, type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { SEARCH_COUNT_CAP } from '@shared/messages';
import { countMatches } from '../../../platform/database/bounded-search';
import { type DB, isPostgres } from '../../../platform/database/database';
import { keptCount } from '../../../platform/database/kept-counts';
import { matchedRows, telephoneMatches, telephoneTerm } from '../../../platform/database/text-search';
import { fieldError } from '../../../platform/lib/http-errors';
import {
  type BoundedTotal,
  isCapped,
  likePattern,
  type ListTotal,
  PAGE_MESSAGES,
  pageOfRows,
  type SeekOrder,
  type SeekPageQuery,
  seekPage,
  seekSkipped,
} from '../../../platform/lib/pagination';
import { moneySearch, moneySearchPhrase } from '../../payments';
import { donationsOfYear, keptYearDonors, receivedInYear, yearDonorNames } from '../data';

// The year-end receipts list, one page at a time: donors of a year (by telephone) with what they gave, searchable by
// name or telephone (typed in any spelling), ordered by telephone, with the number of donors for X-Total-Count.
// Totals come from year_donor_totals (kept by triggers, migration 20261127_0300): grouping the year's donations on
// every page cost 0.7 s at a million.

/** The name or telephone of a donation matches the search (compared on the row: the exact test of this list). */
function nameOrPhoneMatches(q: string) {
  const named = telephoneTerm(q);
  const pattern = likePattern(q);
  return (eb: ExpressionBuilder<any, any>) =>
    eb.or([
      ...telephoneMatches(eb, 'phone', named),
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
  if (isPostgres(db)) return countPhonesThroughCursor(db, matchingPhones(db, year, q));
  const phrase = moneySearchPhrase(db, 'donations', q);
  if (!phrase) return countMatches(db, keptYearDonors(db, year).where('phone', 'in', matchingPhones(db, year, q)));
  const phones = receivedInYear(
    (db as Kysely<any>).selectFrom(matchedRows(phrase, 'm')).innerJoin('donations', 'donations.id', 'm.id'),
    year,
  )
    .where(nameOrPhoneMatches(q))
    .select('donations.phone')
    .distinct()
    .limit(SEARCH_COUNT_CAP + 1);
  return countMatches(db, (db as Kysely<any>).selectFrom(phones.as('p')));
}

/** The rows a cursor hands over at a time: a few milliseconds of PostgreSQL's work. */
const CURSOR_BATCH = 500;

/**
 * PostgreSQL: the distinct telephones of the matching donations, read through a cursor in batches until the cap is
 * passed. PostgreSQL hashes every row before a `distinct` answers, so `phone in (matches)` rechecked all of a common
 * name's donations (« Zinsou » at a million donations, 100 000 rows: about 110 ms); a donor with received donations in
 * the year always has its year_donor_totals row (the triggers of migration 20261127_0300), so the telephones suffice.
 */
async function countPhonesThroughCursor(db: DB, phones: { compile: () => CompiledQuery }): Promise<BoundedTotal> {
  const query = phones.compile();
  return db.transaction().execute(async (trx) => {
    await trx.executeQuery(CompiledQuery.raw(`declare year_donors_matching no scroll cursor for ${query.sql}`, [...query.parameters]));
    const seen = new Set<string>();
    for (;;) {
      const { rows } = await trx.executeQuery<{ phone: string }>(CompiledQuery.raw(`fetch ${CURSOR_BATCH} from year_donors_matching`));
      for (const row of rows) seen.add(row.phone);
      if (seen.size > SEARCH_COUNT_CAP) return { total: SEARCH_COUNT_CAP, capped: true };
      if (rows.length < CURSOR_BATCH) return { total: seen.size, capped: false };
    }
  });
}

/** How many donors, in telephone order, a common word's page walks at most before reading the page the usual way. */
const MAX_WALKED_DONORS = 5000;

/** The telephone a cursor of this list names (X-Next-Cursor: the last telephone of a page). */
function decodePhoneCursor(cursor: string): string {
  const phone = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^\+?\d{4,20}$/.test(phone)) throw fieldError('after', PAGE_MESSAGES.badCursor);
  return phone;
}

/** The year-end list's order: by telephone, the (year, phone) key of year_donor_totals. */
const BY_PHONE: SeekOrder<{ phone: string }> = {
  columns: ['phone'],
  direction: 'asc',
  encode: (row) => Buffer.from(row.phone, 'utf8').toString('base64url'),
  decode: (cursor) => [decodePhoneCursor(cursor)],
};

/**
 * A page of a search matching more donors than are counted (a common name): the year's donors walked in telephone
 * order, each checked on its own donations of the year (their (phone, paid_at) index), stopping at the page's end;
 * null when the page is too far from its start or the first MAX_WALKED_DONORS donors hold too few matches (read the
 * page the usual way).
 */
async function walkedPage(db: DB, year: number, q: string, page: SeekPageQuery) {
  const skipped = seekSkipped(page);
  if (skipped + page.per_page >= MAX_WALKED_DONORS / 10) return null;
  const needed = skipped + page.per_page + 1;
  let donors = keptYearDonors(db, year);
  if (page.after) donors = donors.where('phone', '>', decodePhoneCursor(page.after));
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
  return rows.length < needed ? null : pageOfRows(rows.slice(skipped), page, BY_PHONE);
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
  const { rows, next } =
    (isCapped(counted) && page.q ? await walkedPage(db, year, page.q, page) : null) ??
    (await seekPage(base.select(['phone', 'total', 'count']), page, counted, BY_PHONE));
  const names = await yearDonorNames(
    db,
    year,
    rows.map((r) => r.phone),
  );
  return {
    total: counted,
    next,
    items: rows.map((r) => ({ telephone: r.phone, name: names.get(r.phone) ?? null, total: Number(r.total), count: Number(r.count) })),
  };
}
