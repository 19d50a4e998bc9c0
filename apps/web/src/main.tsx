import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from '@web/lib/router';
import { App } from './app/app';
import { preloadRoute } from './app/routes';
import { markPrerendered } from './lib/hydration';
import { registerServiceWorker } from './lib/register-service-worker';
import './styles.css';

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);

// The content pages (/, /about, /causes/…) arrive prerendered (scripts/lib/prerender-pages.mjs, run by
// scripts/build.mjs): hydrate them, so they show before any JavaScript has run. Other URLs get the empty shell.
if (container.firstElementChild) {
  markPrerendered();
  // The server answers an address it does not know with the prerendered "page non trouvée" (data-not-found). Should the
  // app have a route there after all (one added since the build), React renders that page instead: expected, not an error.
  const isNotFoundPage = container.hasAttribute('data-not-found');
  // In a transition, hydration yields to the browser every few milliseconds instead of holding the main thread for one
  // long task (Lighthouse's TBT on a slow phone; taps are still held and replayed by boot.js), as Next.js does.
  startTransition(() => {
    hydrateRoot(container, app, {
      onRecoverableError: (error) => {
        if (!isNotFoundPage) reportError(error);
      },
    });
  });
}
// A dashboard's page is loaded first (its chunks are already downloading, see preloadRoute), so it renders in one go.
// In a transition too: the first render of the whole shell yields to the browser instead of being one long task.
else void preloadRoute(window.location.pathname).finally(() => startTransition(() => createRoot(container).render(app)));

registerServiceWorker();
