// Renders the content pages' HTML at build time (apps/web/src/prerender.tsx lists them) into <webDir>/pages/, with
// <webDir>/prerendered.json mapping each URL path to its file; the server answers those paths with them.
// Runs as its own process (NODE_ENV=production, so React's production server build renders).
// Usage: node scripts/lib/prerender-pages.mjs <webDir>
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { transformSync } from 'esbuild';
import { build } from 'vite';
import { allowInlineScript } from './csp-hashes.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const webDir = path.resolve(process.argv[2]);
// Inside the repository so the server bundle's bare imports (react, react-router…) resolve from node_modules.
const ssrDir = path.join(ROOT, '.tmp', `prerender-${process.pid}`);
const MODULEPRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;

try {
  await build({
    configFile: path.join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { ssr: path.join(ROOT, 'apps/web/src/prerender.tsx'), outDir: ssrDir, emptyOutDir: true, copyPublicDir: false },
  });
  const { prerender, PRERENDERED_PATHS, SIGNED_IN_ONLY_PATHS, NOT_FOUND_PROBE } = await import(
    pathToFileURL(path.join(ssrDir, 'prerender.js')).href
  );
  const shell = fs.readFileSync(path.join(webDir, 'index.html'), 'utf8');
  if (!shell.includes('<div id="root"></div>')) throw new Error('index.html sans <div id="root"></div>.');
  // The home chunk's modulepreload links (vite.config.ts) serve "/" only.
  const homePreloads = /<!--home-preload-->(.*?)<!--\/home-preload-->/s;
  const homeHrefs = [...(shell.match(homePreloads)?.[1] ?? '').matchAll(MODULEPRELOAD)].map((m) => m[1]);
  const spaShell = shell.replace(homePreloads, '');
  const page = pageTemplate(spaShell);
  const chunksOf = routeChunks(spaShell);
  const manifest = {};
  fs.mkdirSync(path.join(webDir, 'pages'), { recursive: true });
  for (const url of PRERENDERED_PATHS) {
    // A form the browser sends itself (its script could not run, an old phone) goes as a POST, so its fields (a
    // password) never ride in an address, a history or a log; the server sends the person back to the page
    // (apps/api/src/platform/http/web-app.ts). React leaves the attribute as it is when it hydrates.
    const rendered = (await prerender(url)).replace(/<form(?![^>]*\smethod=)/g, '<form method="post"');
    // React puts resource hints (image preloads) before the markup; they belong in <head>, not inside #root.
    const hints = rendered.match(/^(<link [^>]*>)*/)[0];
    const body = rendered.slice(hints.length);
    // The CSP forbids inline scripts: a prerender that needed one (a boundary still pending) would not hydrate.
    if (body.includes('<script')) throw new Error(`Le rendu de ${url} contient un script en ligne.`);
    // The document title PageTitle sets once React runs, already in the HTML (search engines, shared links).
    const title = body.match(/<h1 data-page-title="([^"]*)"/)?.[1];
    const file = `pages/${url === '/' ? 'home' : createHash('sha256').update(url).digest('hex').slice(0, 12)}.html`;
    const signInFirst = SIGNED_IN_ONLY_PATHS.includes(url);
    const chunks = chunksOf(url);
    const html = page({ title, hints, body, extraPreloads: url === '/' ? homeHrefs : [], signInFirst, chunks });
    // A frame served for every value of a parameter (/engagement/:token, a personal link): never indexed.
    fs.writeFileSync(
      path.join(webDir, file),
      url.includes('/:') ? html.replace('</head>', '<meta name="robots" content="noindex"></head>') : html,
    );
    manifest[url] = file;
  }
  // The "page non trouvée" page, prerendered too (an address no route matches), for the addresses the app has no route
  // for: web-routes.json lists the app's route paths (read from app/routes.tsx, so a new route needs no second list);
  // the server answers any other address with this page (apps/api/src/platform/http/web-app.ts), marked noindex.
  const notFound = await prerender(NOT_FOUND_PROBE);
  const notFoundHints = notFound.match(/^(<link [^>]*>)*/)[0];
  const notFoundBody = notFound.slice(notFoundHints.length);
  if (notFoundBody.includes('<script')) throw new Error('Le rendu de la page non trouvée contient un script en ligne.');
  const notFoundTitle = notFoundBody.match(/<h1 data-page-title="([^"]*)"/)?.[1];
  const notFoundPage = page({ title: notFoundTitle, hints: notFoundHints, body: notFoundBody, extraPreloads: [] })
    .replace('<div id="root">', '<div id="root" data-not-found="">')
    .replace('</head>', '<meta name="robots" content="noindex"></head>');
  fs.writeFileSync(path.join(webDir, 'pages/not-found.html'), notFoundPage);
  const routesSource = fs.readFileSync(path.join(ROOT, 'apps/web/src/app/routes.tsx'), 'utf8');
  const routes = [...new Set([...routesSource.matchAll(/\bpath="([^"*]+)"/g)].map((m) => m[1]))];
  if (routes.length < 10 || !routes.includes('/')) throw new Error('app/routes.tsx : chemins des routes introuvables.');
  fs.writeFileSync(path.join(webDir, 'web-routes.json'), JSON.stringify({ routes, notFound: 'pages/not-found.html' }, null, 2));

  fs.writeFileSync(path.join(webDir, 'index.html'), spaShell);
  fs.writeFileSync(path.join(webDir, 'prerendered.json'), JSON.stringify(manifest, null, 2));
} finally {
  fs.rmSync(ssrDir, { recursive: true, force: true });
}

/**
 * For each prerendered address, the chunks its page needs beyond the entry's, dependencies first (issue #32, TBT):
 * boot.js preloads them, and app/routes.tsx evaluates them one per task on the first page of a visit, so no single
 * module evaluation (zod, a page's schemas) holds the main thread long enough to delay a tap on a slow phone.
 * Read from app/routes.tsx (the route paths and their lazyPage imports) and Vite's manifest.
 */
function routeChunks(shell) {
  const viteManifest = JSON.parse(fs.readFileSync(path.join(webDir, '.vite/manifest.json'), 'utf8'));
  const source = fs.readFileSync(path.join(ROOT, 'apps/web/src/app/routes.tsx'), 'utf8');
  const keyOf = (specifier) => {
    const base = specifier.startsWith('@web/') ? `src/${specifier.slice(5)}` : path.posix.join('src/app', specifier);
    return ['.tsx', '.ts'].map((ext) => base + ext).find((key) => viteManifest[key]);
  };
  const pages = new Map();
  for (const m of source.matchAll(/const (\w+) = lazyPage\(\(\) => import\('([^']+)'\)(.*)\);/g)) {
    const key = keyOf(m[2]);
    if (!key) throw new Error(`app/routes.tsx : ${m[2]} absent du manifeste Vite.`);
    pages.set(m[1], { key, withQueries: !m[3].includes('withQueries: false') });
  }
  const routes = [...source.matchAll(/<Route path="([^"]+)" element=\{<(\w+) \/>\}/g)].map((m) => ({
    pattern: new RegExp(`^${m[1].replace(/:\w+/g, '[^/]+').replace('*', '.*')}$`),
    page: pages.get(m[2]),
  }));
  if (routes.length < 10 || routes.some((r) => !r.page)) throw new Error('app/routes.tsx : pages des routes introuvables.');
  // The entry and what it imports are evaluated by the entry itself.
  const loaded = new Set(['index.html']);
  const entryKeys = (key) => {
    for (const dep of viteManifest[key]?.imports ?? []) if (!loaded.has(dep)) loaded.add(dep) && entryKeys(dep);
  };
  entryKeys('index.html');
  if (!shell.includes(`/${viteManifest['index.html'].file}"`)) throw new Error('index.html : entrée du manifeste Vite introuvable.');
  return (url) => {
    const page = routes.find((r) => r.pattern.test(url))?.page;
    if (!page) return [];
    const order = [];
    const seen = new Set(loaded);
    const visit = (key) => {
      if (seen.has(key)) return;
      seen.add(key);
      for (const dep of viteManifest[key].imports ?? []) visit(dep);
      order.push(`/${viteManifest[key].file}`);
    };
    if (page.withQueries) visit('src/app/query-provider.tsx');
    visit(page.key);
    return order;
  };
}

/**
 * The shell's head, rearranged once for pages that are readable before any script runs: the stylesheet inlined (no
 * render-blocking request), and the module script and its preloads started by boot.js once the page has painted.
 */
function pageTemplate(shell) {
  const tag = (re) => {
    const found = [...shell.matchAll(re)];
    for (const m of found) shell = shell.replace(m[0], '');
    return found.map((m) => m[1]);
  };
  const [entry] = tag(/<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g);
  const preloads = tag(new RegExp(`${MODULEPRELOAD.source}\\s*`, 'g'));
  const styles = tag(/<link rel="stylesheet" crossorigin href="([^"]+)">\s*/g);
  if (!entry || styles.length !== 1) throw new Error('index.html : script ou feuille de style introuvable.');
  const css = fs.readFileSync(path.join(webDir, styles[0]), 'utf8');
  if (css.includes('</style')) throw new Error('La feuille de style ne peut pas être incluse dans la page.');
  // Inline in the head, minified (~3.8 KB, ~1.5 KB compressed), allowed by its hash (csp-hashes.mjs): it holds a tap or
  // a submit from the page's first paint. Fetched as a deferred file, it left the time of one request during which a
  // form sent itself natively, as a GET with its fields (a password) in the address (probe of session 15).
  const boot = transformSync(fs.readFileSync(path.join(ROOT, 'apps/web/boot.js'), 'utf8'), { minify: true }).code.trim();
  allowInlineScript(webDir, boot);
  return ({ title, hints, body, extraPreloads, signInFirst = false, chunks = [] }) => {
    const all = [...preloads, ...extraPreloads].join(' ');
    // A page behind the sign-in: the script sends a visitor without a session to /connexion before the page paints.
    const signIn = signInFirst ? ' data-sign-in="/connexion"' : '';
    const staged = chunks.length ? ` data-chunks="${chunks.join(' ')}"` : '';
    const head = `<style>${css}</style>${hints}<script data-entry="${entry}" data-preload="${all}"${staged}${signIn}>${boot}</script>`;
    const titled = title ? shell.replace(/<title>[^<]*<\/title>/, `<title>${title} — ASBE</title>`) : shell;
    return titled.replace('</head>', `${head}</head>`).replace('<div id="root"></div>', `<div id="root">${body}</div>`);
  };
}
