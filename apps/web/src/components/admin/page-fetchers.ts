import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { apiPage } from '@web/lib/api-client';
import { ADMIN_PAGE_SIZE, type ListDefinition, pageQuery } from './list-definition';

// Fetchers of the administrator's server-paginated lists (JSON array + X-Total-Count).

export interface PageParams {
  page: number;
  perPage: number;
  q: string;
}
export interface PageResult<T> {
  items: T[];
  total: number;
  /** The search matched more rows than `total` (the server counts at most SEARCH_COUNT_CAP). */
  capped?: boolean;
}
export type PageFetcher<T> = (params: PageParams) => Promise<PageResult<T>>;

export { ADMIN_PAGE_SIZE };

/** A fetcher for one endpoint, with fixed extra query parameters (`role`, `status`). */
export function pageFetcher<T>(path: string, extra: Record<string, string | undefined> = {}, searchParam = 'q'): PageFetcher<T> {
  return ({ page, perPage, q }) => apiPage<T>(path, pageQuery(extra, page, perPage, q, searchParam));
}

/**
 * The fetcher of a defined list with the filters on screen (its default ones unless given); a list with
 * `thenParams` is its two lists shown one after the other.
 */
export function listFetcher<T>(
  list: ListDefinition<T, Record<string, string>>,
  params: Record<string, string | undefined> = list.params,
): PageFetcher<T> {
  const first = pageFetcher<T>(list.path, params, list.searchParam);
  return list.thenParams ? concatenatedFetcher(first, pageFetcher<T>(list.path, list.thenParams, list.searchParam)) : first;
}

/**
 * Rows [offset, offset + count) of a list that the server pages by `per_page`: at most two calls,
 * since the range straddles at most two pages of size `count`.
 */
async function fetchRange<T>(fetcher: PageFetcher<T>, offset: number, count: number, q: string): Promise<PageResult<T>> {
  const firstPage = Math.floor(offset / count) + 1;
  const first = await fetcher({ page: firstPage, perPage: count, q });
  const skip = offset - (firstPage - 1) * count;
  let items = first.items.slice(skip);
  if (items.length < count && skip > 0 && (firstPage - 1) * count + first.items.length < first.total) {
    const second = await fetcher({ page: firstPage + 1, perPage: count, q });
    items = items.concat(second.items);
  }
  return { items: items.slice(0, count), total: first.total };
}

/**
 * Two lists shown as one (providers = both provider roles, docs/product/http-api.md "Lists"): the first
 * list's rows, then the second's, paged on the server so neither list is ever loaded whole.
 */
export function concatenatedFetcher<T>(a: PageFetcher<T>, b: PageFetcher<T>): PageFetcher<T> {
  return async ({ page, perPage, q }) => {
    const offset = (page - 1) * perPage;
    const [fromA, bCount] = await Promise.all([a({ page, perPage, q }), b({ page: 1, perPage: 1, q })]);
    const missing = perPage - fromA.items.length;
    if (missing <= 0 || bCount.total === 0) return { items: fromA.items, total: fromA.total + bCount.total };
    const fromB = await fetchRange(b, Math.max(0, offset - fromA.total), missing, q);
    return { items: fromA.items.concat(fromB.items), total: fromA.total + fromB.total };
  };
}

/** Drops a row from every cached page of a list at once (the row leaves the list), then refetches. */
export async function removeRow<T extends { id: number }>(queryClient: QueryClient, listKey: QueryKey, id: number): Promise<void> {
  queryClient.setQueriesData<PageResult<T>>({ queryKey: listKey }, (old) =>
    old ? { items: old.items.filter((row) => row.id !== id), total: Math.max(0, old.total - 1) } : old,
  );
  await queryClient.invalidateQueries({ queryKey: listKey });
}
