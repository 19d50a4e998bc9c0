import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app';
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

// The content pages (/, /about, /causes/…) arrive prerendered (scripts/lib/prerender-pages.mjs, run by
// scripts/build.mjs): hydrate them, so they show before any JavaScript has run. Other URLs get the empty shell.
if (container.firstElementChild) {
  markPrerendered();
  hydrateRoot(container, app);
}
else createRoot(container).render(app);
