import { useEffect } from 'react';

/** The event apps/web/home-boot.js waits for to replay the taps made on the prerendered page before React was ready. */
export const HYDRATED_EVENT = 'app:hydrated';

/**
 * Called by a prerendered page once React has taken it over: marks <html data-hydrated> (tests and scripts can wait
 * for it) and announces it. Harmless when the page was rendered in the browser instead.
 */
export function useAnnounceHydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
    window.dispatchEvent(new Event(HYDRATED_EVENT));
  }, []);
}
