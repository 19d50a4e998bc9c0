import { useEffect } from 'react';

/** The event apps/web/boot.js waits for to replay the taps made on a prerendered page before React was ready. */
export const HYDRATED_EVENT = 'app:hydrated';

/**
 * Called by every page (app/routes.tsx) once React has rendered or hydrated it: marks <html data-hydrated> (tests and
 * scripts can wait for it) and announces it, which is what a prerendered page's boot script waits for.
 */
export function useAnnounceHydrated() {
  useEffect(() => {
    hydrating = false;
    document.documentElement.dataset.hydrated = 'true';
    window.dispatchEvent(new Event(HYDRATED_EVENT));
  }, []);
}

let prerenderedShownAt: number | null = null;
let hydrating = false;

/** True while React hydrates a prerendered page (until its first page announces itself hydrated). */
export const isHydrating = () => hydrating;

/** main.tsx, when it hydrates: the page has been on screen since its first paint, before any script ran. */
export function markPrerendered() {
  hydrating = true;
  const paint = typeof performance === 'undefined' ? undefined : performance.getEntriesByName('first-contentful-paint')[0];
  prerenderedShownAt = paint?.startTime ?? 0;
}

/**
 * When the content now being rendered first showed: the first paint for the prerendered page (once), otherwise now.
 * Lets the hero carousel give its first slide 5 s from when the visitor saw it, not from when React arrived.
 */
export function takeShownSince(): number {
  const shownAt = prerenderedShownAt ?? (typeof performance === 'undefined' ? 0 : performance.now());
  prerenderedShownAt = null;
  return shownAt;
}
