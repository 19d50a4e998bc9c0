// First: before any schema is created (see the module).
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
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

// The home page arrives prerendered (scripts/build.mjs): hydrate it, so it shows before any JavaScript has run.
// Every other URL gets the empty shell and renders in the browser.
if (container.firstElementChild) {
  markPrerendered();
  // The server answers an address it does not know with the prerendered "page non trouvée" (data-not-found). Should the
  // app have a route there after all (one added since the build), React renders that page instead: expected, not an error.
  const isNotFoundPage = container.hasAttribute('data-not-found');
  hydrateRoot(container, app, {
    onRecoverableError: (error) => {
      if (!isNotFoundPage) reportError(error);
    },
  });
}
// A dashboard's page is loaded first (its chunks are already downloading, see preloadRoute), so it renders in one go.
else void preloadRoute(window.location.pathname).finally(() => createRoot(container).render(app));

registerServiceWorker();
