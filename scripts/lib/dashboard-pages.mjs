// The dashboards' own HTML (issue #20 item 1), written after the Vite build and the prerender: the single-page shell
// plus (1) apps/web/list-prefetch.js, which starts the opened view's first API request while the HTML is parsed, and
// (2) the list of the dashboard's chunk and every chunk it imports (from Vite's manifest), which that script preloads
// so they download in parallel with the entry instead of one after the other once the router has run. The server answers
// /dashboard-administrateur and /dashboard-conseiller with them through prerendered.json (apps/api/src/plugins/web-app.ts).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

const DASHBOARDS = [
  { url: '/dashboard-administrateur', file: 'pages/dashboard-admin.html', source: 'src/features/admin-dashboard/admin-dashboard-page.tsx' },
  {
    url: '/dashboard-conseiller',
    file: 'pages/dashboard-adviser.html',
    source: 'src/features/adviser-dashboard/adviser-dashboard-page.tsx',
  },
];
// Every page with data loads TanStack Query's provider beside its own chunk (apps/web/src/app/routes.tsx).
const WITH_EVERY_PAGE = ['src/app/query-provider.tsx'];

/** Writes the dashboards' pages into webDir and registers them in prerendered.json. */
export function writeDashboardPages(webDir) {
  const manifestFile = path.join(webDir, '.vite/manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const shell = fs.readFileSync(path.join(webDir, 'index.html'), 'utf8');
  const script = fs.readFileSync(path.join(ROOT, 'apps/web/list-prefetch.js'));
  const scriptName = `assets/list-prefetch-${createHash('sha256').update(script).digest('hex').slice(0, 8)}.js`;
  fs.writeFileSync(path.join(webDir, scriptName), script);

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
    const preloads = [...files].filter((file) => !shell.includes(`/${file}"`)).map((file) => `/${file}`);
    // The script comes first in <head> and runs before anything else is parsed, and it adds the modulepreload links
    // itself once its API requests are on their way: HTTP/1.1 gives a page 6 connections, and behind ~20 modules the
    // list's request started ~200 ms late.
    const tag = `<script src="/${scriptName}" data-preload="${preloads.join(' ')}"></script>`;
    const page = shell.replace('<meta charset="UTF-8" />', `<meta charset="UTF-8" />${tag}`);
    fs.writeFileSync(path.join(webDir, dashboard.file), page);
    prerendered[dashboard.url] = dashboard.file;
  }
  fs.writeFileSync(prerenderedFile, JSON.stringify(prerendered, null, 2));
  // The manifest served no one: keep file names of the build out of the public folder.
  fs.rmSync(path.join(webDir, '.vite'), { recursive: true, force: true });
}
