import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import { likePattern } from '../lib/pagination';
import { toE164 } from '../lib/phone';
import { type DB, isPostgres } from './database';

// A list's search box served by indexes (migration 20261125_1710_search_indexes): a telephone typed in any spelling
// is looked up exactly (b-tree); any other text of three characters or more through the table's trigram index
// (SQLite: the FTS5 table <table>_search kept by triggers; PostgreSQL: pg_trgm indexes on the very expressions
// compared below). Shorter terms compare each column (few enough rows match a one- or two-character search).

export interface SearchedTable {
  table: string;
  /** The telephone column, compared exactly in E.164. */
  phone: string;
  /** The searched columns, compared lowered; on SQLite the columns of the FTS5 table. */
  columns: readonly string[];
  /**
   * PostgreSQL: the indexed expressions, each compared with `like lower(pattern)` (one lowered text of every column
   * for the money lists, one per column for users).
   */
  pgExpressions: readonly string[];
  /** A table that stays small (volunteers' applications) and has no search index: its columns are compared. */
  scanned?: true;
  /**
   * Identifier columns with a unique b-tree index (receipt numbers, provider transaction ids). A whole telephone or
   * a whole receipt number is looked up there and in `phone` exactly, never through the trigram index: their
   * trigrams (« 229 », « 000 », « DON ») are in nearly every row, so the phrase search cost 12–15 ms at a million rows.
   */
  identifiers?: readonly string[];
}

/** A receipt number as the product writes them (payments/receipt-numbers.ts): « DON-2026-000123 ». */
const RECEIPT_NUMBER = /^[a-z]{3}-\d{4}-\d{6,}$/i;

/** The exact lookups for a term that is a whole telephone or receipt number; null for any other term. */
function identifierLookups(searched: SearchedTable, term: string, telephone: string | null) {
  if (!searched.identifiers) return null;
  const trimmed = term.trim();
  const receipt = RECEIPT_NUMBER.test(trimmed);
  if (!telephone && !receipt) return null;
  return (eb: ExpressionBuilder<any, any>): Expression<SqlBool>[] => [
    ...(telephone ? [eb(searched.phone, '=', telephone)] : []),
    ...searched.identifiers!.map((column) => eb(column, '=', receipt ? trimmed.toUpperCase() : trimmed)),
  ];
}

/** FTS5 trigram tokens need three characters. */
const MIN_TRIGRAM = 3;

/** An FTS5 query for the term as one phrase (substring match with the trigram tokenizer). */
const ftsPhrase = (term: string) => `"${term.replaceAll('"', '""')}"`;

/** How a search term names a telephone, if it does: what telephoneMatches compares. */
export interface TelephoneTerm {
  /** A whole telephone in any spelling, in E.164: compared exactly. */
  telephone: string | null;
  /** Part of a telephone typed with spaces, dots or dashes (« 97 11 11 11 »): its digits, found in the stored form. */
  digits: string | null;
}

/** What a search term says of a telephone: one rule for every search box that compares telephones. */
export function telephoneTerm(term: string): TelephoneTerm {
  const digits = term.replace(/[\s.-]/g, '');
  return { telephone: toE164(term), digits: digits !== term && /^\+?\d{4,}$/.test(digits) ? digits : null };
}

/** The comparisons of a telephone column that find the telephone a term names (none when it names none). */
export function telephoneMatches(eb: ExpressionBuilder<any, any>, column: string, named: TelephoneTerm): Expression<SqlBool>[] {
  return [
    ...(named.telephone ? [eb(column, '=', named.telephone)] : []),
    ...(named.digits ? [sql<boolean>`${sql.ref(column)} like ${likePattern(named.digits)} escape '\\'`] : []),
  ];
}

export function indexedSearch(db: DB, searched: SearchedTable, term: string) {
  const named = telephoneTerm(term);
  const postgres = isPostgres(db);
  const identifier = identifierLookups(searched, term, named.telephone);
  return (eb: ExpressionBuilder<any, any>): Expression<SqlBool> => {
    if (identifier) return eb.or(identifier(eb));
    const exact = telephoneMatches(eb, searched.phone, named);
    if (!postgres && !searched.scanned && [...term].length >= MIN_TRIGRAM) {
      const fts = sql.table(`${searched.table}_search`);
      return eb.or([
        ...exact,
        sql<boolean>`${sql.ref(`${searched.table}.id`)} in (select rowid from ${fts} where ${fts} match ${ftsPhrase(term)})`,
      ]);
    }
    const pattern = likePattern(term);
    if (postgres) {
      return eb.or([...exact, ...searched.pgExpressions.map((e) => sql<boolean>`${sql.raw(e)} like lower(${pattern}) escape '\\'`)]);
    }
    return eb.or([...exact, ...searched.columns.map((c) => sql<boolean>`lower(${sql.ref(c)}) like lower(${pattern}) escape '\\'`)]);
  };
}

/**
 * SQLite: the FTS5 phrase when the trigram index alone answers this search (no telephone spelling, three characters
 * or more); null otherwise (PostgreSQL, a scanned table, a term with an exact part).
 */
export function ftsOnlyPhrase(db: DB, searched: SearchedTable, term: string): string | null {
  if (isPostgres(db) || searched.scanned || [...term].length < MIN_TRIGRAM) return null;
  const named = telephoneTerm(term);
  if (named.telephone || named.digits) return null;
  if (searched.identifiers && RECEIPT_NUMBER.test(term.trim())) return null;
  return ftsPhrase(term);
}

/**
 * The `newest` highest ids of the rows matching `phrase` (at most `atMost` when given), as a subquery: the FTS5 index
 * streams its matches in id order and stops there, where `id in (all matches)` built the whole set first.
 */
export function newestMatchIds(table: string, phrase: string, newest: number, atMost?: number) {
  const fts = sql.table(`${table}_search`);
  const below = atMost === undefined ? sql`` : sql`and rowid <= ${atMost}`;
  return sql`select rowid from ${fts} where ${fts} match ${phrase} ${below} order by rowid desc limit ${newest}`;
}

/**
 * One of these ids whose row matches `phrase`, if any: FTS5 looks each id up in its index. (`rowid in (?, …)` on the
 * FTS5 table itself ignores bound ids and returns every match: each id is compared through its row instead.)
 */
export function matchingAmong(phrase: string, table: string, ids: readonly number[]) {
  const fts = sql.table(`${table}_search`);
  const id = sql.ref(`${table}.id`);
  return sql<{ id: number }>`select ${id} as id from ${sql.table(table)} where ${id} in (${sql.join(ids)})
    and exists (select 1 from ${fts} where ${fts} match ${phrase} and ${fts}.rowid = ${id}) limit 1`;
}

/** The rows matching `phrase` joined to their table, for a count that stops early (the match set is never built). */
export function matchesJoined(db: DB, table: string, phrase: string) {
  const fts = `${table}_search`;
  // Table names chosen at run time: the builder is untyped.
  return (db as Kysely<any>)
    .selectFrom(fts)
    .innerJoin(table, `${table}.id`, `${fts}.rowid`)
    .where(sql<boolean>`${sql.table(fts)} match ${phrase}`);
}
