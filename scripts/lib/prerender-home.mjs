// Renders the home page's HTML at build time into <webDir>/home.html, which the server answers for "/".
// Runs as its own process (NODE_ENV=production, so React's production server build renders).
// Usage: node scripts/lib/prerender-home.mjs <webDir>
import { createHash } from 'node:crypto';
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
  const homePreloads = /<!--home-preload-->(.*?)<!--\/home-preload-->/s;
  fs.writeFileSync(path.join(webDir, 'index.html'), shell.replace(homePreloads, ''));
  fs.writeFileSync(path.join(webDir, 'home.html'), homePage(shell.replace(homePreloads, '$1'), hints, body));
} finally {
  fs.rmSync(ssrDir, { recursive: true, force: true });
}

/**
 * The shell's head, rearranged for a page that is readable before any script runs: the stylesheet inlined (no
 * render-blocking request), and the module script and its preloads started by home-boot.js after the page's load.
 */
function homePage(shell, hints, body) {
  const tag = (re) => {
    const found = [...shell.matchAll(re)];
    for (const m of found) shell = shell.replace(m[0], '');
    return found.map((m) => m[1]);
  };
  const [entry] = tag(/<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g);
  const preloads = tag(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g);
  const styles = tag(/<link rel="stylesheet" crossorigin href="([^"]+)">\s*/g);
  if (!entry || styles.length !== 1) throw new Error('index.html : script ou feuille de style introuvable.');
  const css = fs.readFileSync(path.join(webDir, styles[0]), 'utf8');
  if (css.includes('</style')) throw new Error('La feuille de style ne peut pas être incluse dans la page.');
  const boot = fs.readFileSync(path.join(ROOT, 'apps/web/home-boot.js'));
  const bootName = `assets/home-boot-${createHash('sha256').update(boot).digest('hex').slice(0, 8)}.js`;
  fs.writeFileSync(path.join(webDir, bootName), boot);
  const head = `<style>${css}</style>${hints}<script defer src="/${bootName}" data-entry="${entry}" data-preload="${preloads.join(' ')}"></script>`;
  return shell.replace('</head>', `${head}</head>`).replace('<div id="root"></div>', `<div id="root">${body}</div>`);
}
