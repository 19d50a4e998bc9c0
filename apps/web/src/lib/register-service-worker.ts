import { HYDRATED_EVENT } from './hydration';

// Registers the service worker (apps/web/src/sw.ts, built by vite-plugin-pwa) once the first page has hydrated and
// the main thread is idle, so neither its installation nor this check competes with the first visit's own work. Not
// in `npm run dev`. In the browser tests (navigator.webdriver) only when a test asks for it with localStorage
// "asbe:service-worker" = "on" (e2e/offline.test.ts): the other tests stub requests with page.route, which a service
// worker would bypass. That check reads localStorage, whose first read can wait on the browser process: it ran in the
// task that evaluates the main bundle, which Lighthouse then counted as blocking (issue #43).
const TEST_OPT_IN = 'asbe:service-worker';

export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    if (navigator.webdriver && localStorage.getItem(TEST_OPT_IN) !== 'on') return;
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // No service worker (private mode, old browser): the site works as before, only without offline reading.
    });
  };
  const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(register, { timeout: 3000 }) : setTimeout(register, 1000));
  if (document.documentElement.dataset.hydrated) whenIdle();
  else window.addEventListener(HYDRATED_EVENT, whenIdle, { once: true });
}
