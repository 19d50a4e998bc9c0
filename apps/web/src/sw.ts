/// <reference lib="webworker" />
// The service worker (built by vite-plugin-pwa with Workbox; registered by lib/register-service-worker.ts). A phone on a
// bad network opens what it has seen at once and reads the public pages offline:
// - the scripts and styles of the public pages are precached (the build's manifest; the dashboards' chunks are not);
// - pages (HTML, the same for everyone: the session lives in the browser) come from the network, or from the device
//   when the network fails or takes more than 3 s; the content pages are fetched at installation;
// - from /api only the two public lists (published testimonials, confirmed volunteers), network first. Nothing that
//   carries personal data, and no request other than GET, is ever cached, queued or replayed (payments included).
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { CONTENT_PATHS } from './content-paths';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

const PAGES = 'asbe-pages';
const PUBLIC_API = ['/api/testimonials', '/api/volunteers'];

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
self.skipWaiting();
clientsClaim();

// The content pages, fetched once the worker installs (not during the visitor's first page load).
self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(PAGES).then((cache) => Promise.all(CONTENT_PATHS.map((path) => cache.add(path).catch(() => undefined)))));
});

// The same page whatever its query (?status=… on payment returns) and whatever the response varies on.
const samePage = { ignoreSearch: true, ignoreVary: true };
// Network first, the device's copy after 3 s or at once when there is no network: a page from the previous build
// could name scripts the new worker has already dropped, so the fresh page wins whenever it can arrive.
registerRoute(
  // Not a person's data page (/mes-donnees/…): it must never stay on a shared phone after its link expires.
  ({ request, url }) =>
    request.mode === 'navigate' &&
    url.origin === self.location.origin &&
    !url.pathname.startsWith('/api/') &&
    !url.pathname.startsWith('/mes-donnees/'),
  new NetworkFirst({
    cacheName: PAGES,
    networkTimeoutSeconds: 3,
    matchOptions: samePage,
    plugins: [new ExpirationPlugin({ maxEntries: 40 })],
  }),
);

registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && PUBLIC_API.includes(url.pathname),
  new NetworkFirst({ cacheName: 'asbe-public-lists', networkTimeoutSeconds: 4, plugins: [new ExpirationPlugin({ maxEntries: 20 })] }),
);

registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/images/'),
  new CacheFirst({ cacheName: 'asbe-images', plugins: [new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 30 * 24 * 3600 })] }),
);

// A page never seen on this device, asked offline: say so in French rather than the browser's error page.
const OFFLINE_PAGE = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Hors ligne — ASBE</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#0f172a"><h1 style="color:#065f46">Vous êtes hors ligne</h1><p>Cette page n'a pas encore été enregistrée sur cet appareil. Elle s'affichera dès que la connexion reviendra.</p><p><a href="/">Revenir à l'accueil</a> (disponible hors ligne).</p></body></html>`;
setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate')
    return new Response(OFFLINE_PAGE, { status: 503, headers: { 'content-type': 'text/html; charset=utf-8' } });
  return Response.error();
});
