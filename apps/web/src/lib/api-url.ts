// The address of an API call, built in one place: by the API client and by the dashboards' early script
// (app/early-lists/list-prefetch.ts), whose prefetched answer the client only takes for the very same URL.
// Nothing else may be imported here: the early script is bundled on its own and must stay small.

export type ApiQuery = Record<string, string | number | undefined | null>;

/** `/api` + path, then the query's non-empty values in the order given. */
export function apiUrl(path: string, query?: ApiQuery): string {
  const url = `/api${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}
