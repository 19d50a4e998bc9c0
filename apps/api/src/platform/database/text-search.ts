import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import { SEARCH_MIN_LENGTH } from '@shared/messages';
import { likePattern } from '../lib/pagination';
import { toE164 } from '../lib/phone';
import { type DB, isPostgres } from './database';

// A list's search box served by indexes: a telephone typed in any spelling is looked up exactly (b-tree); any other
// text of three characters or more through the table's trigram index of `<table>_search`: on SQLite the FTS5 table
// kept by triggers (migration 20261125_1710), on PostgreSQL a side table (id, lowered text) kept by triggers with a
// pg_trgm index (migration 20261127_0700). Trigrams need SEARCH_MIN_LENGTH characters: the lists refuse shorter terms
// (platform/lib/pagination.ts searchTerm); a small table without an index (`scanned`) compares its columns.

export interface SearchedTable {
  table: string;
  /** The telephone column, compared exactly in E.164. */
  phone: string;
  /** The searched columns, compared lowered: the columns of `<table>_search` (FTS5 on SQLite, joined on PostgreSQL). */
  columns: readonly string[];
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

/** A term the table's trigram index answers alone (indexedPhrase): what `<table>_search` is asked. */
export interface IndexedPhrase {
  table: string;
  postgres: boolean;
  /** Any of these substrings: the term, and the digits of part of a telephone typed with spaces (« 97 11 »). */
  terms: readonly string[];
}

/** The phrase that finds a term in `<table>_search`, with the digits of a telephone part it names. */
const phraseOf = (table: string, postgres: boolean, term: string, named: TelephoneTerm): IndexedPhrase => ({
  table,
  postgres,
  terms: named.digits ? [term, named.digits] : [term],
});

const searchTableOf = (phrase: IndexedPhrase) => `${phrase.table}_search`;

/** The row id column of `<table>_search`: the FTS5 table's rowid, the PostgreSQL side table's id. */
const keyColumn = (phrase: IndexedPhrase) => `${searchTableOf(phrase)}.${phrase.postgres ? 'id' : 'rowid'}`;
const keyOf = (phrase: IndexedPhrase) => sql.ref(keyColumn(phrase));

/** The condition on `<table>_search` that finds the phrase: an FTS5 match, or LIKE on the stored lowered text. */
function phraseCondition(phrase: IndexedPhrase) {
  const side = searchTableOf(phrase);
  if (!phrase.postgres) return sql<boolean>`${sql.table(side)} match ${phrase.terms.map(ftsPhrase).join(' OR ')}`;
  const likes = phrase.terms.map((term) => sql<boolean>`${sql.ref(`${side}.text`)} like lower(${likePattern(term)}) escape '\\'`);
  return likes.length === 1 ? likes[0]! : sql<boolean>`(${sql.join(likes, sql` or `)})`;
}

/** The ids of the rows matching the phrase, as a subquery (`select … as id`). */
const matchingIds = (phrase: IndexedPhrase) =>
  sql`select ${keyOf(phrase)} as id from ${sql.table(searchTableOf(phrase))} where ${phraseCondition(phrase)}`;

export function indexedSearch(db: DB, searched: SearchedTable, term: string) {
  const named = telephoneTerm(term);
  const postgres = isPostgres(db);
  const identifier = identifierLookups(searched, term, named.telephone);
  return (eb: ExpressionBuilder<any, any>): Expression<SqlBool> => {
    if (identifier) return eb.or(identifier(eb));
    if (!searched.scanned && (postgres || [...term].length >= SEARCH_MIN_LENGTH)) {
      // A telephone part's digits are looked for in the index too (the telephone is one of its columns), not by a scan.
      const id = sql.ref(`${searched.table}.id`);
      const whole = named.telephone ? [eb(searched.phone, '=', named.telephone)] : [];
      return eb.or([...whole, sql<boolean>`${id} in (${matchingIds(phraseOf(searched.table, postgres, term, named))})`]);
    }
    const exact = telephoneMatches(eb, searched.phone, named);
    const pattern = likePattern(term);
    return eb.or([...exact, ...searched.columns.map((c) => sql<boolean>`lower(${sql.ref(c)}) like lower(${pattern}) escape '\\'`)]);
  };
}

/**
 * The phrase when the trigram index alone answers this search (three characters or more, not a whole telephone or
 * receipt number: those are looked up exactly); null otherwise (a scanned table, a term with an exact part).
 */
export function indexedPhrase(db: DB, searched: SearchedTable, term: string): IndexedPhrase | null {
  if (searched.scanned || [...term].length < SEARCH_MIN_LENGTH) return null;
  const named = telephoneTerm(term);
  if (named.telephone) return null;
  if (searched.identifiers && RECEIPT_NUMBER.test(term.trim())) return null;
  return phraseOf(searched.table, isPostgres(db), term, named);
}

/**
 * The `newest` highest ids of the rows matching `phrase` (at most `atMost` when given), as a subquery (`id`): the
 * index streams its matches in id order and stops there, where `id in (all matches)` built the whole set first.
 */
export function newestMatchIds(phrase: IndexedPhrase, newest: number, atMost?: number) {
  const key = keyOf(phrase);
  const below = atMost === undefined ? sql`` : sql`and ${key} <= ${atMost}`;
  return sql`${matchingIds(phrase)} ${below} order by ${key} desc limit ${newest}`;
}

/**
 * One of these ids whose row matches `phrase`, if any. (On SQLite, `rowid in (?, …)` on the FTS5 table itself ignores
 * bound ids and returns every match: each id is compared through its row instead.)
 */
export function matchingAmong(phrase: IndexedPhrase, ids: readonly number[]) {
  const side = sql.table(searchTableOf(phrase));
  const id = sql.ref(`${phrase.table}.id`);
  return sql<{ id: number }>`select ${id} as id from ${sql.table(phrase.table)} where ${id} in (${sql.join(ids)})
    and exists (select 1 from ${side} where ${phraseCondition(phrase)} and ${keyOf(phrase)} = ${id}) limit 1`;
}

/**
 * The ids of the rows matching `phrase` joined to their table, highest first (`id`), for the list's filters and a
 * limit: the index streams its matches in id order and the walk stops there (the match set is never built).
 */
export function newestMatchesJoined(db: DB, phrase: IndexedPhrase) {
  // Table names chosen at run time: the builder is untyped.
  return (db as Kysely<any>)
    .selectFrom(searchTableOf(phrase))
    .innerJoin(phrase.table, `${phrase.table}.id`, keyColumn(phrase))
    .where(phraseCondition(phrase))
    .select(sql<number>`${sql.ref(`${phrase.table}.id`)}`.as('id'))
    .orderBy(keyOf(phrase), 'desc');
}

/** The ids of the rows matching `phrase`, as a table `alias(id)` to join (the year-end list's donors). */
export const matchedRows = <A extends string>(phrase: IndexedPhrase, alias: A) => sql<{ id: number }>`(${matchingIds(phrase)})`.as(alias);
