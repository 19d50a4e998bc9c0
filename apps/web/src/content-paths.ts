import { CAUSES } from '@shared/causes';

/**
 * The content pages: rendered at build time (prerender.tsx) and kept by the service worker from its installation
 * (sw.ts), so they open at once on a second visit and read offline.
 */
export const CONTENT_PATHS = ['/', '/about', ...CAUSES.map((cause) => `/causes/${cause.id}`)];
