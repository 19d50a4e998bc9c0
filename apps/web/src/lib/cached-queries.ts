// The TanStack Query client, once a page that uses it has created it (app/query-provider.tsx). Signing in clears it
// through here, so the sign-in page itself never loads TanStack Query (issue #43: less JavaScript before its first tap).
let client: { clear(): void } | null = null;

export function registerQueryClient(queryClient: { clear(): void }) {
  client = queryClient;
}

/** Forgets every cached answer (a previous account's): nothing to do when no page has cached any. */
export function clearCachedQueries() {
  client?.clear();
}
