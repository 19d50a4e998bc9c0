import { LIMITS } from '@shared/constants';
import { formatNumber } from '@shared/format';
import { isShortSearch, LIST_MESSAGES } from '@shared/messages';
import type { FastifyReply } from 'fastify';
import type { SelectQueryBuilder } from 'kysely';
import { z } from 'zod';
import { fieldError } from './http-errors';

/**
 * A list's free-text search term: trimmed, empty for no search, refused (422 on its field) at 1–2 characters, which
 * no trigram index answers (SEARCH_MIN_LENGTH, platform/database/text-search.ts).
 */
export const searchTerm = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((term) => !isShortSearch(term), LIST_MESSAGES.searchTooShort)
    .optional();

/**
 * List endpoints answer a JSON array (the shape docs/product/http-api.md names) and paginate on the server:
 * `?page=1&per_page=20&q=…`, newest first, with the total in `X-Total-Count`.
 */
export const pageQuerySchema = z.object({
  page: z.coerce.number<string | number>().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number<string | number>().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.pageSize),
  q: searchTerm(100),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const pageOffset = (q: PageQuery) => (q.page - 1) * q.per_page;

/** Newest first (ties broken by id), then the page asked for: the order of every list. Use with Kysely's `$call`. */
export function newestFirstPage(page: PageQuery) {
  // Any table with created_at and id.
  return <QB extends SelectQueryBuilder<any, any, any>>(qb: QB): QB =>
    qb.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.per_page).offset(pageOffset(page)) as QB;
}

/**
 * A search's count, bounded: `capped` when more than SEARCH_COUNT_CAP rows match, then `total` is SEARCH_COUNT_CAP
 * (a common word matched 100 000 of a million donations, and counting them all cost hundreds of milliseconds).
 */
export interface BoundedTotal {
  total: number;
  capped: boolean;
}
/** A list's total: exact (a number, kept by triggers) or a search's bounded count. */
export type ListTotal = number | BoundedTotal;

export const exactTotal = (total: ListTotal) => (typeof total === 'number' ? total : total.total);
export const isCapped = (total: ListTotal) => typeof total !== 'number' && total.capped;

/** The headers every list uses: the names any page can read from another origin. */
export const PAGE_HEADERS = 'x-total-count, x-total-count-capped, x-page, x-per-page, x-next-cursor';

/**
 * `next`: the opaque cursor of the page after this one (`X-Next-Cursor`, sent back as `?after=`), on the lists that
 * read by seek (docs/product/http-api.md, « Pagination »); absent on the last page. A capped search count answers
 * `X-Total-Count-Capped: true` (X-Total-Count is then SEARCH_COUNT_CAP: more rows match).
 */
export function setPageHeaders(reply: FastifyReply, query: PageQuery, total: ListTotal, next?: string | null): void {
  reply.header('x-total-count', String(exactTotal(total)));
  if (isCapped(total)) reply.header('x-total-count-capped', 'true');
  reply.header('x-page', String(query.page));
  reply.header('x-per-page', String(query.per_page));
  if (next) reply.header('x-next-cursor', next);
  reply.header('access-control-expose-headers', PAGE_HEADERS);
}

/** The big lists (money, accounts, members) also take `after`, the opaque cursor of X-Next-Cursor. */
export const seekPageQuerySchema = pageQuerySchema.extend({
  after: z.string().trim().max(200).optional(),
});
export type SeekPageQuery = z.infer<typeof seekPageQuerySchema>;

/**
 * How many rows a `page` may skip from either end of a list. Skipping is a walk over an index, so a page in the middle
 * of a million rows cost 37 ms and grew with the table; the cursor reaches any depth at the cost of a first page.
 */
export const MAX_SKIPPED_ROWS = 10_000;

export const PAGE_MESSAGES = {
  badCursor: 'Curseur de pagination invalide : reprenez la liste depuis sa première page.',
  tooDeep: `Page trop éloignée du début et de la fin de la liste (au-delà de ${formatNumber(MAX_SKIPPED_ROWS)} lignes) : affinez la recherche ou suivez les pages avec le curseur de l’en-tête X-Next-Cursor.`,
} as const;

/** The position a list row sorts at: newest first, ties broken by id. */
export interface SeekKey {
  created_at: string;
  id: number;
}

export const encodeCursor = (row: SeekKey) => Buffer.from(`${row.created_at}|${row.id}`, 'utf8').toString('base64url');

export function decodeCursor(cursor: string): SeekKey {
  const [createdAt, id, extra] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (extra !== undefined || !createdAt || !/^\d{4}-\d{2}-\d{2}[T ][\d:.]+Z?$/.test(createdAt) || !/^[1-9]\d{0,15}$/.test(id ?? ''))
    throw fieldError('after', PAGE_MESSAGES.badCursor);
  return { created_at: createdAt, id: Number(id) };
}

/**
 * How a list read by seek is sorted and how its cursor names a row: the sort columns as the query names them (most
 * significant first, qualified in a join), their direction, and the cursor's codec (`decode` answers the columns'
 * values, or refuses a bad cursor with a 422).
 */
export interface SeekOrder<R> {
  columns: readonly [string] | readonly [string, string];
  direction: 'asc' | 'desc';
  encode: (row: R) => string;
  decode: (cursor: string) => readonly (string | number)[];
}

/** Newest first, ties broken by id: the order of every list but the year-end receipts' (by telephone). */
export function newestFirst(columns: { created_at: string; id: string } = { created_at: 'created_at', id: 'id' }): SeekOrder<SeekKey> {
  return {
    columns: [columns.created_at, columns.id],
    direction: 'desc',
    encode: encodeCursor,
    decode: (cursor) => {
      const from = decodeCursor(cursor);
      return [from.created_at, from.id];
    },
  };
}

/** How many rows a page skips from the start of its list: none after a cursor (the cursor says where it starts). */
export const seekSkipped = (page: SeekPageQuery) => (page.after ? 0 : pageOffset(page));

/** A page from the rows read for it: `per_page + 1` are read, and the extra one only says that a page follows. */
export function pageOfRows<R>(found: R[], page: SeekPageQuery, order: SeekOrder<R>): { rows: R[]; next: string | null } {
  const rows = found.slice(0, page.per_page);
  const last = rows.at(-1);
  return { rows, next: found.length > page.per_page && last ? order.encode(last) : null };
}

/**
 * One page of a list read by seek, never by a long skip: after a cursor, the rows past it through the sort columns'
 * index; a `page` near the start by a short skip; one near the end (with `total`, a kept count) by a short skip from
 * the other end; a page further than MAX_SKIPPED_ROWS from both ends is refused (422).
 */
export async function seekPage<R>(
  qb: SelectQueryBuilder<any, any, R>,
  page: SeekPageQuery,
  listTotal: ListTotal,
  order: SeekOrder<NoInfer<R>>,
): Promise<{ rows: R[]; next: string | null }> {
  const sorted = (q: SelectQueryBuilder<any, any, R>, direction: 'asc' | 'desc') =>
    order.columns.reduce((sorting, column) => sorting.orderBy(column, direction), q);
  if (page.after) {
    const from = order.decode(page.after);
    const past = order.direction === 'desc' ? '<' : '>';
    const [first, second] = order.columns;
    const rows = await sorted(qb, order.direction)
      .where((eb) => (second === undefined ? eb(first, past, from[0]) : eb(eb.refTuple(first, second), past, eb.tuple(from[0], from[1]))))
      .limit(page.per_page + 1)
      .execute();
    return pageOfRows(rows, page, order);
  }
  const skipped = seekSkipped(page);
  if (skipped <= MAX_SKIPPED_ROWS) {
    const rows = await sorted(qb, order.direction)
      .limit(page.per_page + 1)
      .offset(skipped)
      .execute();
    return pageOfRows(rows, page, order);
  }
  // A capped count does not know where the list ends: only the cursor goes deeper.
  if (isCapped(listTotal)) throw fieldError('page', PAGE_MESSAGES.tooDeep);
  const total = exactTotal(listTotal);
  if (skipped >= total) return { rows: [], next: null };
  // The page read from the other end: its rows are the last but `skipped`, in the opposite order.
  const fromLast = Math.max(0, total - skipped - page.per_page);
  if (fromLast > MAX_SKIPPED_ROWS) throw fieldError('page', PAGE_MESSAGES.tooDeep);
  const rows = await sorted(qb, order.direction === 'desc' ? 'asc' : 'desc')
    .limit(total - skipped - fromLast)
    .offset(fromLast)
    .execute();
  rows.reverse();
  const last = rows.at(-1);
  return { rows, next: skipped + rows.length < total && last ? order.encode(last) : null };
}

/**
 * One page of a newest-first list read by seek (seekPage). `columns` names the two sort columns in the query
 * (qualified in a join). The rows must select `created_at` and `id`.
 */
export const newestFirstSeek = <R extends SeekKey>(
  qb: SelectQueryBuilder<any, any, R>,
  page: SeekPageQuery,
  listTotal: ListTotal,
  columns?: { created_at: string; id: string },
) => seekPage(qb, page, listTotal, newestFirst(columns));

/** `%term%` for LIKE with the user's wildcards escaped (use with `escape '\\'`). */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
