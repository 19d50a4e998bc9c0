import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The home page is the entry most people land on, over slow mobile links. Its lazy chunk (and the chunks it
 * imports) are announced as modulepreload links, so they download in parallel with the main bundle instead of
 * after it has run. They sit between HOME_PRELOAD markers: scripts/lib/prerender-pages.mjs keeps them in the home page's HTML
 * (served for "/") and removes them from index.html, so deep links don't download the home page.
 */
function preloadHomeChunk(entry = 'features/home/home-page.tsx'): Plugin {
  return {
    name: 'preload-home-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        const home = chunks.find((c) => c.facadeModuleId?.endsWith(entry));
        if (!home) return html;
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        const seen = new Set<string>();
        const visit = (name: string) => {
          if (seen.has(name)) return;
          seen.add(name);
          for (const dep of byName.get(name)?.imports ?? []) visit(dep);
        };
        visit(home.fileName);
        const tags = [...seen]
          .filter((name) => !html.includes(`/${name}"`))
          .map((name) => `<link rel="modulepreload" crossorigin href="/${name}">`)
          .join('');
        return html.replace('</head>', `<!--home-preload-->${tags}<!--/home-preload-->\n  </head>`);
      },
    },
  };
}

/**
 * zod's 40-odd translations (~340 KB of source, `z.locales`) leave the browser bundle: the app words its own messages
 * (@shared/zod-fr) and zod falls back on English only. A phone then parses and evaluates ~40 % less of zod when the
 * first form opens (issue #32, TBT). The API keeps the whole of zod.
 */
function zodEnglishOnly(): Plugin {
  const stub = '\0zod-locales-en-only';
  return {
    name: 'zod-english-only',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '../locales/index.js' && importer && /[\\/]zod[\\/]v4[\\/](classic|core)[\\/]/.test(importer)) return stub;
      return null;
    },
    load(id) {
      return id === stub ? "export { default as en } from 'zod/v4/locales/en.js';" : null;
    },
  };
}

/**
 * react-hook-form's `useForm` subscribes to its form state in a layout effect that also sets state (`isReady`). A state
 * update in a layout effect is synchronous: at the end of a hydration's commit React then runs every passive effect of
 * the page and renders the form again, all in the commit's task. On /donation that task was ~22 ms of main thread
 * (×4 in Lighthouse's phone: 88 ms, the page's longest blocking task). As a passive effect, the subscription runs
 * with the page's other effects in a task of their own and its update renders concurrently; `resyncIfNeeded`, which
 * it calls first, catches any form-state change made before it subscribed (issue #43, docs/benchmarks.md). The
 * build stops if the installed version no longer has this exact code, so an upgrade is looked at again.
 */
export const RHF_READY_LAYOUT_EFFECT = `    useIsomorphicLayoutEffect(() => {
        resyncIfNeeded(true, getCurrentFormState, updateFormState);`;
export function formSubscriptionAsPassiveEffect(): Plugin {
  return {
    name: 'form-subscription-as-passive-effect',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]react-hook-form[\\/]dist[\\/]index\.esm\.mjs$/.test(id)) return null;
      if (code.split(RHF_READY_LAYOUT_EFFECT).length !== 2)
        throw new Error('react-hook-form: the layout effect of useForm has changed (vite.config.ts, formSubscriptionAsPassiveEffect)');
      return {
        code: code.replace(RHF_READY_LAYOUT_EFFECT, RHF_READY_LAYOUT_EFFECT.replace('useIsomorphicLayoutEffect', 'React.useEffect')),
        map: null,
      };
    },
  };
}

export default defineConfig({
  root: 'apps/web',
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    zodEnglishOnly(),
    formSubscriptionAsPassiveEffect(),
    preloadHomeChunk(),
    // Installable app and service worker (apps/web/src/sw.ts). Registered by lib/register-service-worker.ts after the
    // page has loaded, never in `npm run dev`. Precaches the public pages' scripts and styles, not the dashboards'.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: {
        name: 'ASBE — Association Solidarité Besoins Essentiels',
        short_name: 'ASBE',
        description: "L'association béninoise qui répond aux besoins essentiels : dons, bénévolat, projets sociaux.",
        lang: 'fr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#065f46',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['assets/*.{js,css}', 'favicon.svg', 'icons/icon-192.png'],
        // The dashboards (and their charts) are for signed-in staff on their own visits, not every phone's install.
        globIgnores: [
          '**/*dashboard*',
          '**/stats-charts-*',
          '**/data-table-*',
          '**/consumer-page-*',
          '**/member-space-page-*',
          '**/questionnaire-page-*',
          '**/information-page-*',
        ],
      },
    }),
  ],
  resolve: {
    alias: [
      { find: '@shared', replacement: path.resolve(import.meta.dirname, 'packages/shared/src') },
      { find: '@web', replacement: path.resolve(import.meta.dirname, 'apps/web/src') },
    ],
  },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    target: 'es2022',
    cssCodeSplit: true,
    modulePreload: { polyfill: false },
    // Read by scripts/lib/dashboard-pages.mjs to preload the dashboards' chunks from their HTML, then deleted.
    manifest: true,
    rolldownOptions: {
      output: {
        // zod in four chunks (its core's building blocks, its core's schemas, the rest of its core, its public API), so the first page of a
        // visit evaluates them in four tasks (app/routes.tsx) instead of one long enough to delay a tap on a slow
        // phone (issue #32, TBT).
        codeSplitting: {
          groups: [
            {
              name: 'zod-base',
              priority: 2,
              test: /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/](core|util|regexes|errors|parse|doc|versions|checks|registries)\.js$/,
            },
            {
              name: 'zod-schemas',
              priority: 2,
              test: /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/](schemas|(to-)?json-schema[^/\\]*)\.js$/,
            },
            { name: 'zod-core', priority: 1, test: /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${process.env.PORT ?? 3000}` },
  },
});
