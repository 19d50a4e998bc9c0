import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from '@web/lib/router';
import { App } from './app/app';
import { CONTENT_PATHS } from './content-paths';
import { renderOrganisationMarks } from './components/layout/use-organisation';

// The organisation's facts are rendered as marks the server fills when it serves a page (the facts as set then, no
// rebuild when they change): docs/architecture.md — « Prerendered pages and the organisation's facts ».
renderOrganisationMarks();

/**
 * The pages rendered at build time: the content pages visitors land on from links and search engines, and the public
 * pages where people act (forms: what is typed before the script arrives is kept, lib/kept-form-values.ts).
 * /inscription renders its layout only (the guard decides in the browser, app/guard.tsx). /mot-de-passe-oublie is
 * listed before its page exists: until then it renders the "page non trouvée" page, like the browser would.
 */
export const PRERENDERED_PATHS = [
  ...CONTENT_PATHS,
  '/connexion',
  '/donation',
  '/paiement',
  '/volontier',
  '/contact',
  '/temoignage',
  '/projet-social',
  '/inscription',
  '/mot-de-passe-oublie',
  '/unauthorized',
  '/confidentialite',
  // Public reads whose frame (title, introduction) paints before the script: their LCP was after it (issue #32).
  '/evenements',
  '/transparence',
  // A page per personal link: its frame (title, card) is served for every token (apps/api/src/platform/http/web-app.ts),
  // so its largest element paints before the script; the pledge fills the card once read (issue #32, LCP).
  '/engagement/:token',
];

/**
 * Prerendered pages that need a signed-in account (their route sits behind app/guard.tsx): without a stored token,
 * boot.js sends the visitor to /connexion at once, as the guard would, instead of after the app has loaded.
 */
export const SIGNED_IN_ONLY_PATHS: readonly string[] = ['/inscription'];

/** An address no route matches: its rendering is the "page non trouvée" page (scripts/lib/prerender-pages.mjs). */
export const NOT_FOUND_PROBE = '/__page-non-trouvee';

/**
 * Build-time rendering of a public page's HTML (scripts/lib/prerender-pages.mjs), so a phone on a slow link sees
 * the page, and requests its images, before the JavaScript arrives. Waits for lazy pages to resolve.
 */
export async function prerender(url: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </StrictMode>,
    // React outlines large Suspense boundaries behind inline reveal scripts, which the CSP forbids: keep all inline.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}
