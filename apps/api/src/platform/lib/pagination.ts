import { LIMITS } from '@shared/constants';
import { formatNumber } from '@shared/format';
import type { FastifyReply } from 'fastify';
import type { SelectQueryBuilder } from 'kysely';
import { z } from 'zod';
import { fieldError } from './http-errors';

/**
 * List endpoints answer a JSON array (the shape docs/product/http-api.md names) and paginate on the server:
 * `?page=1&per_page=20&q=…`, newest first, with the total in `X-Total-Count`.
 */
export const pageQuerySchema = z.object({
  page: z.coerce.number<string | number>().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number<string | number>().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.pageSize),
  q: z.string().trim().max(100).optional(),
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
 * One page of a newest-first list read by seek, never by a long skip: after a cursor, rows older than it through the
 * (created_at, id) index; a `page` near the start by a short skip; one near the end (with `total`, a kept count) by
 * a short skip from the oldest row; a page further than MAX_SKIPPED_ROWS from both ends is refused (422).
 * `columns` names the two sort columns in the query (qualified in a join). The rows must select `created_at` and `id`.
 */
export async function newestFirstSeek<R extends SeekKey>(
  qb: SelectQueryBuilder<any, any, R>,
  page: SeekPageQuery,
  listTotal: ListTotal,
  columns: { created_at: string; id: string } = { created_at: 'created_at', id: 'id' },
): Promise<{ rows: R[]; next: string | null }> {
  const newest = (q: SelectQueryBuilder<any, any, R>) => q.orderBy(columns.created_at, 'desc').orderBy(columns.id, 'desc');
  const finish = (rows: R[], more: boolean) => {
    const last = rows.at(-1);
    return { rows, next: more && last ? encodeCursor(last) : null };
  };
  if (page.after) {
    const from = decodeCursor(page.after);
    const rows = await newest(qb)
      .where((eb) => eb(eb.refTuple(columns.created_at, columns.id), '<', eb.tuple(from.created_at, from.id)))
      .limit(page.per_page + 1)
      .execute();
    return finish(rows.slice(0, page.per_page), rows.length > page.per_page);
  }
  const skipped = (page.page - 1) * page.per_page;
  if (skipped <= MAX_SKIPPED_ROWS) {
    const rows = await newest(qb)
      .limit(page.per_page + 1)
      .offset(skipped)
      .execute();
    return finish(rows.slice(0, page.per_page), rows.length > page.per_page);
  }
  // A capped count does not know where the list ends: only the cursor goes deeper.
  if (isCapped(listTotal)) throw fieldError('page', PAGE_MESSAGES.tooDeep);
  const total = exactTotal(listTotal);
  if (skipped >= total) return { rows: [], next: null };
  // The page read from the other end: its rows are the oldest but `skipped`, in the opposite order.
  const fromOldest = Math.max(0, total - skipped - page.per_page);
  if (fromOldest > MAX_SKIPPED_ROWS) throw fieldError('page', PAGE_MESSAGES.tooDeep);
  const rows = await qb
    .orderBy(columns.created_at, 'asc')
    .orderBy(columns.id, 'asc')
    .limit(total - skipped - fromOldest)
    .offset(fromOldest)
    .execute();
  rows.reverse();
  return finish(rows, skipped + rows.length < total);
}

/** `%term%` for LIKE with the user's wildcards escaped (use with `escape '\\'`). */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
