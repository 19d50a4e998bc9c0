// Responses that apps/web/src/app/early-lists/list-prefetch.ts started before the application code arrived (issue #20 item 1). The API
// client takes one when it is about to ask for the same URL with the same token, at most once and only while fresh,
// so a later visit to the same view always asks the server again (a member added since then shows).

interface PrefetchEntry {
  token: string;
  at: number;
  response: Promise<Response>;
}
declare global {
  interface Window {
    __asbePrefetch?: Record<string, PrefetchEntry>;
  }
}

/** Older than this, a prefetched answer is not used: the page has been open a while and the data may have changed. */
export const PREFETCH_MAX_AGE_MS = 10_000;

/** The pending response for this exact URL (path + query) and token, removed from the store; null when there is none. */
export function takePrefetched(url: string, token: string | null, now = Date.now()): Promise<Response> | null {
  if (typeof window === 'undefined' || !window.__asbePrefetch) return null;
  const entry = window.__asbePrefetch[url];
  if (!entry) return null;
  delete window.__asbePrefetch[url];
  if (entry.token !== token || now - entry.at > PREFETCH_MAX_AGE_MS) return null;
  return entry.response;
}

/**
 * Shows the app's view in place of the read-only preview list-prefetch.ts may have painted (a list's first rows,
 * drawn before React started). Called once the app's own list has rendered, or failed.
 */
export function revealApp(): void {
  if (typeof document === 'undefined') return;
  const early = document.getElementById('early-view');
  if (!early) return;
  early.remove();
  const root = document.getElementById('root');
  if (root) root.style.display = '';
}
