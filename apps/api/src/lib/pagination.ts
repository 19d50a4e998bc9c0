import { LIMITS } from '@shared/constants';
import type { FastifyReply } from 'fastify';
import type { SelectQueryBuilder } from 'kysely';
import { z } from 'zod';

/**
 * List endpoints answer a JSON array (the shape spec §7 names) and paginate on the server:
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

export function setPageHeaders(reply: FastifyReply, query: PageQuery, total: number): void {
  reply.header('x-total-count', String(total));
  reply.header('x-page', String(query.page));
  reply.header('x-per-page', String(query.per_page));
  reply.header('access-control-expose-headers', 'x-total-count, x-page, x-per-page');
}

/** `%term%` for LIKE with the user's wildcards escaped (use with `escape '\\'`). */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
