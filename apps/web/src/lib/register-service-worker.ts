// Registers the service worker (apps/web/src/sw.ts, built by vite-plugin-pwa) once the page has loaded, so its
// installation never competes with the first visit's own downloads. Not in `npm run dev`. In the browser tests
// (navigator.webdriver) only when a test asks for it with localStorage "asbe:service-worker" = "on"
// (e2e/offline.test.ts): the other tests stub requests with page.route, which a service worker would bypass.
const TEST_OPT_IN = 'asbe:service-worker';

export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  if (navigator.webdriver && localStorage.getItem(TEST_OPT_IN) !== 'on') return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // No service worker (private mode, old browser): the site works as before, only without offline reading.
    });
  };
  // When the main thread is idle: registering costs a few milliseconds, which on a prerendered page (loaded before
  // this runs) would lengthen the task that starts hydration (issue #32, TBT).
  const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(register, { timeout: 3000 }) : setTimeout(register, 1000));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
