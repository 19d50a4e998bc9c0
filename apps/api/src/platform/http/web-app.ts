import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { HERO_IMAGE_SET } from '@shared/constants';
import { MESSAGES } from '@shared/messages';
import { fillPageFacts, type ShownPageFacts, shownPageFacts } from '@shared/organisation-page-facts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Precompressed, precompress, sendPrecompressed } from '../lib/precompressed';

// Serves the built web app: hashed assets cached for a year, HTML never cached, the pages prerendered at build time
// on their paths, and the single-page fallback so deep links (/causes/…, /dashboard-…) load the app. Unknown /api paths get a JSON 404.
export interface WebAppOptions {
  webDir: string;
  /**
   * The organisation's facts the prerendered pages show, read when a page is served: the build renders a mark per fact
   * (apps/web/src/prerender.tsx) and the page is served with the facts as set now (docs/architecture.md —
   * « Prerendered pages and the organisation's facts »). Without it the placeholders fill the marks.
   */
  pageFacts?: () => Promise<ShownPageFacts>;
}

export default fp(async function webAppPlugin(app: FastifyInstance, opts: WebAppOptions) {
  const indexFile = path.join(opts.webDir, 'index.html');
  const pages = filledPages(opts.webDir, opts.pageFacts ?? (async () => shownPageFacts(null)));
  const hasWeb = fs.existsSync(indexFile);
  const prerendered = readPrerendered(opts.webDir);
  const webRoutes = readWebRoutes(opts.webDir);
  if (hasWeb) {
    // Save-Data (a phone's data saver): the images answer with their smallest width. A route-level hook on the image
    // files only, added before @fastify/static declares them, so no other route pays for it.
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/images/')) return;
      const smaller = smallestVariant(opts.webDir, route.url);
      const hooks = route.preHandler ? [route.preHandler].flat() : [];
      route.preHandler = [
        ...hooks,
        async (request, reply) => {
          reply.header('vary', 'Save-Data');
          if (smaller && String(request.headers['save-data']).toLowerCase() === 'on') return reply.sendFile(smaller);
        },
      ];
    });
    await app.register(fastifyStatic, {
      root: opts.webDir,
      wildcard: false,
      preCompressed: true,
      index: false,
      cacheControl: false,
      // @fastify/static passes the Fastify reply here.
      setHeaders(reply: unknown, filePath: string) {
        const r = reply as { header(name: string, value: string): unknown };
        r.header('cache-control', cachePolicy(filePath));
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0]!;
    if (url === '/api' || url.startsWith('/api/')) return reply.status(404).send({ message: MESSAGES.notFound });
    // A page's form sent by the browser itself (its script could not run): the prerendered forms say method="post"
    // (scripts/lib/prerender-pages.mjs) so the fields never ride in an address; the person is sent back to the page.
    // Only to a path of this site: `//other.example` or `/\other.example` would leave it.
    if (request.method === 'POST' && !/\.[a-z0-9]{2,5}$/i.test(url)) return reply.redirect(/^\/(?![/\\])/.test(url) ? url : '/', 303);
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply.status(404).send({ message: MESSAGES.notFound });
    // A missing static asset is a real 404, not the app shell.
    if (url.startsWith('/assets/') || /\.[a-z0-9]{2,5}$/i.test(url)) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
    }
    if (!hasWeb) {
      return reply.type('text/plain; charset=utf-8').send("L'application web n'est pas construite : lancez « npm run build ».");
    }
    if (url === '/') reply.header('link', heroPreloadLinks());
    const pagePath = decodePath(url);
    const page = prerendered.get(pagePath);
    if (page) return pages.send(request, reply.header('cache-control', 'no-cache'), page);
    // An address the app has no route for: the prerendered "page non trouvée". Status 200 as the single-page app always
    // answered (a 404 document is a console error in every browser, and Lighthouse's best practices count it); the page
    // carries <meta name="robots" content="noindex"> so search engines do not keep it.
    if (webRoutes && !webRoutes.matches(pagePath))
      return pages.send(request, reply.header('cache-control', 'no-cache'), webRoutes.notFound);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});

/**
 * One policy per file, whichever encoding is sent (pages/x.html.br is the page x.html): hashed assets for a year,
 * pages, the service worker and the app manifest revalidated on every use (a new build shows at once), the rest a day.
 */
export function cachePolicy(filePath: string): string {
  const file = filePath.replace(/\.(br|gz)$/, '');
  if (file.includes(`${path.sep}assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  if (/\.(html|webmanifest)$/.test(file) || path.basename(file) === 'sw.js') return 'no-cache';
  return 'public, max-age=86400';
}

/** For /images/name-800.avif, the smallest sibling of the same name and format (name-400.avif), if smaller. */
function smallestVariant(webDir: string, url: string): string | null {
  const match = /^(.*)-(\d+)\.(avif|webp|jpe?g|png)$/.exec(url);
  if (!match) return null;
  const [, base, width, ext] = match as unknown as [string, string, string, string];
  const dir = path.join(webDir, path.dirname(base));
  const prefix = `${path.basename(base)}-`;
  let best: { width: number; url: string } | null = null;
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    const m = new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\d+)\\.${ext}$`).exec(name);
    if (!m) continue;
    const w = Number(m[1]);
    if (w < Number(width) && (!best || w < best.width)) best = { width: w, url: `${path.dirname(base)}/${name}` };
  }
  return best?.url ?? null;
}

/**
 * The prerendered pages with the organisation's facts filled in. Each page's text is read once; its filled and
 * compressed copy is kept for the facts it was filled with, so a request costs one read of the facts, and a change
 * of the facts is served from the next request on (by every server process: nothing to invalidate).
 */
function filledPages(webDir: string, pageFacts: () => Promise<ShownPageFacts>) {
  const sources = new Map<string, string>();
  const filled = new Map<string, { key: string; body: Precompressed }>();
  return {
    async send(request: FastifyRequest, reply: FastifyReply, file: string) {
      let source = sources.get(file);
      if (source === undefined) {
        source = fs.readFileSync(path.join(webDir, file), 'utf8');
        sources.set(file, source);
      }
      const facts = await pageFacts();
      const key = JSON.stringify(facts);
      let cached = filled.get(file);
      if (cached?.key !== key) {
        cached = { key, body: precompress(Buffer.from(fillPageFacts(source, facts))) };
        filled.set(file, cached);
      }
      return sendPrecompressed(request, reply, cached.body, 'text/html; charset=utf-8');
    },
  };
}

/**
 * URL path → HTML file of the pages rendered at build time (scripts/lib/prerender-pages.mjs writes prerendered.json).
 * A key with a parameter (`/engagement/:token`) is a page's frame, served for every value of it.
 * Missing (a build without it) means every page gets the shell.
 */
function readPrerendered(webDir: string): { get(pathname: string): string | undefined } {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(webDir, 'prerendered.json'), 'utf8')) as Record<string, string>;
    const exact = new Map(Object.entries(manifest).filter(([key]) => !key.includes('/:')));
    const patterns = Object.entries(manifest)
      .filter(([key]) => key.includes('/:'))
      .map(([key, file]) => ({ pattern: routePattern(key), file }));
    return { get: (pathname) => exact.get(pathname) ?? patterns.find((p) => p.pattern.test(pathname))?.file };
  } catch {
    return { get: () => undefined };
  }
}

/** `/causes/:causeId` → a regular expression matching `/causes/sante`. */
function routePattern(route: string): RegExp {
  return new RegExp(
    `^${route
      .split('/')
      .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')}$`,
  );
}

/**
 * The app's route paths (`/causes/:causeId`…) and its prerendered "page non trouvée", from web-routes.json (written by
 * scripts/lib/prerender-pages.mjs from app/routes.tsx). Missing (an older build): every address gets the shell.
 */
function readWebRoutes(webDir: string): { matches(pathname: string): boolean; notFound: string } | null {
  try {
    const { routes, notFound } = JSON.parse(fs.readFileSync(path.join(webDir, 'web-routes.json'), 'utf8')) as {
      routes: string[];
      notFound: string;
    };
    if (!fs.existsSync(path.join(webDir, notFound))) return null;
    const patterns = routes.map(routePattern);
    return {
      matches: (pathname) => {
        const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
        return patterns.some((pattern) => pattern.test(trimmed));
      },
      notFound,
    };
  } catch {
    return null;
  }
}

/** The path as the page names it (/causes/sécurité-…), whatever percent-encoding the browser used. */
function decodePath(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}

/**
 * The home page's LCP element is the first hero image. A preload Link header (only on "/", so deep links don't pay
 * for it) starts it before the HTML has even arrived, with the same sources the <picture> chooses from.
 */
function heroPreloadLinks(): string {
  const { firstSlide, widths, portraitMedia, portraitWidths } = HERO_IMAGE_SET;
  const set = (src: string, ws: readonly number[]) => ws.map((w) => `${src}-${w}.avif ${w}w`).join(', ');
  const link = (src: string, ws: readonly number[], media: string) =>
    `<${src}-${ws[0]}.avif>; rel=preload; as=image; type="image/avif"; fetchpriority=high; imagesrcset="${set(src, ws)}"; imagesizes="100vw"; media="${media}"`;
  return [link(`${firstSlide}-portrait`, portraitWidths, portraitMedia), link(firstSlide, widths, '(min-aspect-ratio: 1/1)')].join(', ');
}
