import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app';
import { preloadRoute } from './app/routes';
import { markPrerendered } from './lib/hydration';
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
  hydrateRoot(container, app);
}
// A dashboard's page is loaded first (its chunks are already downloading, see preloadRoute), so it renders in one go.
else void preloadRoute(window.location.pathname).finally(() => createRoot(container).render(app));
