// Renders the home page's HTML at build time into <webDir>/home.html, which the server answers for "/".
// Runs as its own process (NODE_ENV=production, so React's production server build renders).
// Usage: node scripts/lib/prerender-home.mjs <webDir>
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const ROOT = path.resolve(import.meta.dirname, '../..');
const webDir = path.resolve(process.argv[2]);
// Inside the repository so the server bundle's bare imports (react, react-router…) resolve from node_modules.
const ssrDir = path.join(ROOT, '.tmp', `prerender-${process.pid}`);

try {
  await build({
    configFile: path.join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { ssr: path.join(ROOT, 'apps/web/src/prerender.tsx'), outDir: ssrDir, emptyOutDir: true, copyPublicDir: false },
  });
  const { prerender } = await import(pathToFileURL(path.join(ssrDir, 'prerender.js')).href);
  const rendered = await prerender('/');
  // React puts resource hints (image preloads) before the markup; they belong in <head>, not inside #root.
  const hints = rendered.match(/^(<link [^>]*>)*/)[0];
  const body = rendered.slice(hints.length);
  // The CSP forbids inline scripts: a prerender that needed one (a boundary still pending) would not hydrate.
  if (body.includes('<script')) throw new Error('Le rendu de la page d’accueil contient un script en ligne.');
  const shell = fs.readFileSync(path.join(webDir, 'index.html'), 'utf8');
  if (!shell.includes('<div id="root"></div>')) throw new Error('index.html sans <div id="root"></div>.');
  // The home chunk's modulepreload links (vite.config.ts) serve "/" only.
  const preloads = /<!--home-preload-->(.*?)<!--\/home-preload-->/s;
  const page = shell
    .replace(preloads, '$1')
    .replace('</head>', `${hints}</head>`)
    .replace('<div id="root"></div>', `<div id="root">${body}</div>`);
  fs.writeFileSync(path.join(webDir, 'home.html'), page);
  fs.writeFileSync(path.join(webDir, 'index.html'), shell.replace(preloads, ''));
} finally {
  fs.rmSync(ssrDir, { recursive: true, force: true });
}
