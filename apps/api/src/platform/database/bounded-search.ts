import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { SEARCH_COUNT_CAP } from '@shared/messages';
import { fieldError } from '../lib/http-errors';
import { type IndexedPhrase, matchingAmong, newestMatchesJoined, newestMatchIds } from './text-search';
import {
  type BoundedTotal,
  decodeCursor,
  encodeCursor,
  MAX_SKIPPED_ROWS,
  newestFirstSeek,
  PAGE_MESSAGES,
  type SeekKey,
  type SeekPageQuery,
  seekSkipped,
} from '../lib/pagination';

// A list's search that matches many rows, at a cost that does not grow with them: its count stops at the cap, and a
// common word's page is read from its newest matches (docs/product/http-api.md, « Pagination »).

/**
 * How many rows a filtered query finds, for a list whose filters have no kept count (a search, a combination of
 * filters): at most SEARCH_COUNT_CAP + 1 rows are counted, so a common word costs the same as a rare one.
 */
export async function countMatches(db: Kysely<any>, qb: SelectQueryBuilder<any, any, any>): Promise<BoundedTotal> {
  const row = await db
    .selectFrom(
      qb
        .clearSelect()
        .clearOrderBy()
        .select(sql`1`.as('one'))
        .limit(SEARCH_COUNT_CAP + 1)
        .as('matches'),
    )
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const n = Number(row.n);
  return n > SEARCH_COUNT_CAP ? { total: SEARCH_COUNT_CAP, capped: true } : { total: n, capped: false };
}

/** The most rows outside the candidates (sorting within the page) checked one by one against the search. */
const MAX_OUTSIDE_CHECKED = 20;

/** The most candidate ids a common word's page reads (a page near the start, or after a cursor). */
const MAX_CANDIDATES = 50_000;

/**
 * A search matching more rows than are counted (a common word: one donation in ten says « Zinsou »), read through its
 * newest matches by id: the index streams them in id order and stops, where the match set of 100 000 ids cost 90 ms.
 * Ids and created_at agree almost always (rows are written as they come), and the page is exact only when they agree
 * over it: a row of the list newer than the page's end (or under the cursor) with an id outside the candidates means
 * they do not, and the answer is null (read the page the usual way).
 * `within(newest, atMost)`: the list query restricted to the `newest` highest matching ids (at most `atMost`);
 * `lowest(newest, atMost)`: the smallest of those ids, null when fewer matched; `unsearched`: the list without its
 * search (the same filters); `anyMatches(ids)`: whether one of these rows matches the search.
 */
export async function newestFirstFromCandidates<R extends SeekKey>(
  page: SeekPageQuery,
  within: (newest: number, atMost?: number) => SelectQueryBuilder<any, any, R>,
  lowest: (newest: number, atMost?: number) => Promise<number | null>,
  unsearched: SelectQueryBuilder<any, any, any>,
  anyMatches: (ids: number[]) => Promise<boolean>,
  columns: { created_at: string; id: string } = { created_at: 'created_at', id: 'id' },
): Promise<{ rows: R[]; next: string | null } | null> {
  const from = page.after ? decodeCursor(page.after) : null;
  const skipped = seekSkipped(page);
  if (skipped > MAX_SKIPPED_ROWS) throw fieldError('page', PAGE_MESSAGES.tooDeep);
  const needed = skipped + page.per_page + 1;
  const below = <Q extends SelectQueryBuilder<any, any, any>>(q: Q, key: SeekKey): Q =>
    q.where((eb) => eb(eb.refTuple(columns.created_at, columns.id), '<', eb.tuple(key.created_at, key.id))) as Q;
  // Twice the rows needed (pageOfPhrase's first candidates already pass the list's filters), then ten and a hundred
  // times (matches of the search alone: a word in one listed row in ten, then in one in a hundred); a page deep enough
  // to need more is read the usual way.
  if (needed * 10 > MAX_CANDIDATES) return null;
  for (const newest of new Set([needed * 2, needed * 10, Math.min(needed * 100, MAX_CANDIDATES)])) {
    let q = within(newest, from?.id);
    if (from) q = below(q, from);
    const rows = await q.orderBy(columns.created_at, 'desc').orderBy(columns.id, 'desc').limit(needed).execute();
    const lo = await lowest(newest, from?.id);
    if (rows.length < needed && lo !== null) continue;
    // Rows of the list that sort within what was read but were not candidates: ids under the lowest candidate, or
    // (after a cursor) above the cursor's id.
    const last = rows.length === needed ? rows[needed - 1]! : null;
    const outside = [lo !== null && ((eb: any) => eb(columns.id, '<', lo)), from && ((eb: any) => eb(columns.id, '>', from.id))].filter(
      (f): f is (eb: any) => any => Boolean(f),
    );
    if (outside.length > 0) {
      let check = unsearched
        .clearSelect()
        .select(sql<number>`${sql.ref(columns.id)}`.as('id'))
        .where((eb) => eb.or(outside.map((f) => f(eb))));
      if (from) check = below(check, from);
      if (last) check = check.where((eb) => eb(eb.refTuple(columns.created_at, columns.id), '>', eb.tuple(last.created_at, last.id)));
      // A few such rows (an account created after a bulk import) are checked against the search one by one.
      const ids = (await check.limit(MAX_OUTSIDE_CHECKED + 1).execute()).map((r) => Number(r.id));
      if (ids.length > MAX_OUTSIDE_CHECKED || (ids.length > 0 && (await anyMatches(ids)))) return null;
    }
    const pageRows = rows.slice(skipped, skipped + page.per_page);
    const end = pageRows.at(-1);
    return { rows: pageRows, next: rows.length === needed && end ? encodeCursor(end) : null };
  }
  return null;
}

/**
 * One page of a list searched by a phrase the trigram index answers alone (text-search.ts indexedPhrase). One walk of
 * the newest matches that pass the list's filters, stopped past the cap, gives both the count and the page's
 * candidates: every match when it is not capped (the page reads them by id), else the newest SEARCH_COUNT_CAP + 1,
 * from which a common word's page is read (newestFirstFromCandidates). `filters`: the list's other filters (on the
 * table's own columns); `select`: its columns; `searched`: the list query with its search, for a page read the usual way.
 */
export async function pageOfPhrase<R extends SeekKey>(
  db: Kysely<any>,
  phrase: IndexedPhrase,
  filters: <Q extends SelectQueryBuilder<any, any, any>>(qb: Q) => Q,
  select: (qb: SelectQueryBuilder<any, any, any>) => SelectQueryBuilder<any, any, R>,
  searched: SelectQueryBuilder<any, any, R>,
  page: SeekPageQuery,
): Promise<{ total: BoundedTotal; rows: R[]; next: string | null }> {
  const id = `${phrase.table}.id`;
  const ids = (
    await newestMatchesJoined(db as never, phrase)
      .$call(filters)
      .limit(SEARCH_COUNT_CAP + 1)
      .execute()
  ).map((r) => Number(r.id));
  const listed = () => select(db.selectFrom(phrase.table).$call(filters));
  if (ids.length <= SEARCH_COUNT_CAP) {
    const total = { total: ids.length, capped: false };
    if (ids.length === 0) return { total, rows: [], next: null };
    return { total, ...(await newestFirstSeek(listed().where(id, 'in', ids), page, total)) };
  }
  const total = { total: SEARCH_COUNT_CAP, capped: true };
  // The newest `newest` candidates at most `atMost`, when the walk above holds them; null when it went less deep.
  const known = (newest: number, atMost?: number) => {
    const below = atMost === undefined ? ids : ids.filter((k) => k <= atMost);
    return below.length >= newest ? below.slice(0, newest) : null;
  };
  const fromCandidates = await newestFirstFromCandidates(
    page,
    (newest, atMost) => {
      const candidates = known(newest, atMost);
      return candidates
        ? listed().where(id, 'in', candidates)
        : listed().where(sql<boolean>`${sql.ref(id)} in (${newestMatchIds(phrase, newest, atMost)})`);
    },
    async (newest, atMost) => {
      const candidates = known(newest, atMost);
      if (candidates) return candidates.at(-1)!;
      const { rows } = await sql<{ n: number | string; lo: number | null }>`select count(*) as n, min(id) as lo
        from (${newestMatchIds(phrase, newest, atMost)}) as candidates`.execute(db);
      return Number(rows[0]!.n) < newest ? null : Number(rows[0]!.lo);
    },
    db.selectFrom(phrase.table).$call(filters),
    async (outside) => (await matchingAmong(phrase, outside).execute(db)).rows.length > 0,
  );
  const { rows, next } = fromCandidates ?? (await newestFirstSeek(searched, page, total));
  return { total, rows, next };
}
