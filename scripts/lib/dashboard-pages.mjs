// The dashboards' own HTML (issue #20 item 1), written after the Vite build and the prerender: the single-page shell
// without its module script and stylesheet, and instead, first in <head>, the early-lists script
// (apps/web/src/app/early-lists/list-prefetch.ts, bundled here) with the app's entry, stylesheet and every chunk the
// dashboard imports (from Vite's manifest) in data- attributes, plus the few CSS rules its preview rows use. The script
// starts the view's first API request, paints a list's first rows, then loads the app
// (docs/decisions/dashboard-first-rows.md). The server answers /dashboard-administrateur and /dashboard-conseiller with
// these pages through prerendered.json (apps/api/src/platform/http/web-app.ts).
import fs from 'node:fs';
import path from 'node:path';
import { compile, optimize } from '@tailwindcss/node';
import { buildSync } from 'esbuild';
import { Scanner } from '@tailwindcss/oxide';
import { allowInlineScript } from './csp-hashes.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');

const DASHBOARDS = [
  {
    url: '/dashboard-administrateur',
    file: 'pages/dashboard-admin.html',
    source: 'src/app/pages/admin-dashboard/admin-dashboard-page.tsx',
  },
  {
    url: '/dashboard-conseiller',
    file: 'pages/dashboard-adviser.html',
    source: 'src/features/adviser-dashboard/adviser-dashboard-page.tsx',
  },
];
/**
 * The early script's ceiling, minified (~14 KB today). It is inlined in the page and run before the first row: on a
 * 4× slower phone every 100 KB costs ~100 ms of parsing, and one value imported from a zod schema file drags in zod and
 * its locales (~470 KB, the first row 2.5× slower). Past it, the build stops.
 */
export const EARLY_SCRIPT_MAX_BYTES = 24 * 1024;
// Every page with data loads TanStack Query's provider beside its own chunk (apps/web/src/app/routes.tsx).
const WITH_EVERY_PAGE = ['src/app/query-provider.tsx'];

/** Writes the dashboards' pages into webDir and registers them in prerendered.json. */
export async function writeDashboardPages(webDir) {
  const manifestFile = path.join(webDir, '.vite/manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const shell = fs.readFileSync(path.join(webDir, 'index.html'), 'utf8');
  // Inline, so a cold load does not wait one more round trip for it (on a phone's 3G link, ~0.3 s before the list's
  // request can leave). The CSP allows it by its hash (csp-hashes.mjs).
  const script = bundleListPrefetch();
  if (Buffer.byteLength(script) > EARLY_SCRIPT_MAX_BYTES) {
    throw new Error(
      `Le script des tableaux de bord pèse ${Buffer.byteLength(script)} octets (plafond ${EARLY_SCRIPT_MAX_BYTES}) : ses listes importent-elles un schéma zod ?`,
    );
  }
  allowInlineScript(webDir, script);
  const entry = manifest['index.html'];
  const firstRowsCss = await criticalCss(script);

  /** The chunk of a source module and every chunk it imports statically, as URLs. */
  const closure = (key, seen = new Set()) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return seen;
    seen.add(chunk.file);
    for (const dep of chunk.imports ?? []) closure(dep, seen);
    return seen;
  };
  const prerenderedFile = path.join(webDir, 'prerendered.json');
  const prerendered = fs.existsSync(prerenderedFile) ? JSON.parse(fs.readFileSync(prerenderedFile, 'utf8')) : {};
  fs.mkdirSync(path.join(webDir, 'pages'), { recursive: true });
  for (const dashboard of DASHBOARDS) {
    if (!manifest[dashboard.source]) throw new Error(`${dashboard.source} absent du manifeste Vite.`);
    const files = new Set();
    for (const key of [dashboard.source, ...WITH_EVERY_PAGE]) closure(key, files);
    // The application's entry, its stylesheet and the modules Vite preloads with it leave the page's markup:
    // list-prefetch.ts starts them once the opened list's first rows are painted (or at once when it has nothing to
    // paint), so the rows never wait behind ~100 KB of script and 50 KB of CSS handled on the same thread. The rows are
    // styled meanwhile by the few rules they use, inlined (docs/decisions/dashboard-first-rows.md).
    let page = shell;
    const cut = (tag) => {
      if (!page.includes(tag)) throw new Error(`${tag} absent de index.html.`);
      page = page.replace(tag, '');
    };
    cut(`<script type="module" crossorigin src="/${entry.file}"></script>`);
    for (const file of entry.css ?? []) cut(`<link rel="stylesheet" crossorigin href="/${file}">`);
    const shellPreloads = (entry.imports ?? []).map((key) => manifest[key].file);
    for (const file of shellPreloads) cut(`<link rel="modulepreload" crossorigin href="/${file}">`);
    const preloads = new Set([...shellPreloads, ...files].filter((file) => file !== entry.file).map((file) => `/${file}`));
    const data = {
      entry: `/${entry.file}`,
      style: (entry.css ?? []).map((file) => `/${file}`).join(' '),
      preload: [...preloads].join(' '),
    };
    const attributes = Object.entries(data)
      .map(([name, value]) => `data-${name}="${value}"`)
      .join(' ');
    // The script comes first in <head> and runs before anything else is parsed: its API requests leave before any
    // module is asked for (HTTP/1.1 gives a page 6 connections; behind ~20 modules the list's request started ~200 ms late).
    const head = `<script ${attributes}>${script}</script><style id="early-style">${firstRowsCss}</style>`;
    // A function, not a string: the script may hold « $' » or « $& » (a regular expression ending in $), which a
    // replacement string would expand — the page's script would then differ from its CSP hash and be blocked.
    page = page.replace('<meta charset="UTF-8" />', () => `<meta charset="UTF-8" />${head}`);
    fs.writeFileSync(path.join(webDir, dashboard.file), page);
    prerendered[dashboard.url] = dashboard.file;
  }
  fs.writeFileSync(prerenderedFile, JSON.stringify(prerendered, null, 2));
  // The manifest served no one: keep file names of the build out of the public folder.
  fs.rmSync(path.join(webDir, '.vite'), { recursive: true, force: true });
}

/**
 * The rules of the app's stylesheet (apps/web/src/styles.css, Tailwind) that list-prefetch.ts's early rows use, minified:
 * Tailwind's own compiler, given only the class names found in that script (~12 KB instead of the app's ~50 KB).
 */
async function criticalCss(scriptSource) {
  const base = path.join(ROOT, 'apps/web/src');
  const compiler = await compile(fs.readFileSync(path.join(base, 'styles.css'), 'utf8'), { base, onDependency: () => {} });
  const candidates = new Scanner({}).scanFiles([{ content: scriptSource, extension: 'js' }]);
  return optimize(compiler.build(candidates), { minify: true }).code.replace(/<\/style/gi, '');
}

/** apps/web/src/app/early-lists/list-prefetch.ts and what it imports (previews, shared formatters), as one classic script. */
export function bundleListPrefetch() {
  const result = buildSync({
    entryPoints: [path.join(ROOT, 'apps/web/src/app/early-lists/list-prefetch.ts')],
    bundle: true,
    format: 'iife',
    minify: true,
    target: 'es2020',
    write: false,
    tsconfig: path.join(ROOT, 'apps/web/tsconfig.json'),
    logLevel: 'warning',
  });
  return result.outputFiles[0].text;
}
