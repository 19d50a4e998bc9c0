// The content pages arrive prerendered (scripts/lib/prerender-pages.mjs). This script starts their JavaScript once the
// page has loaded and its first image is painted, or at the first touch or key press if that comes sooner: on a slow
// link the ~100 KB of scripts then never compete with what the visitor sees first. Links work before that; a button
// tapped or a form sent before React is ready is held and replayed once the page announces "app:hydrated"
// (apps/web/src/lib/hydration.ts). Text typed meanwhile stays in the field, but React 19.3 does not replay its change
// events, so a prerendered form must read its fields from the DOM (the newsletter form is uncontrolled for that).
// Plain script: scripts/lib/prerender-pages.mjs minifies it into each prerendered page's head, so it holds taps from the
// first paint on.
(() => {
  const me = document.currentScript;
  // A page for signed-in accounts only (data-sign-in, scripts/lib/prerender-pages.mjs): without a session, the sign-in
  // page at once, as the app's guard (apps/web/src/app/guard.tsx) would once loaded.
  if (me.dataset.signIn && !localStorage.getItem('token')) {
    location.replace(me.dataset.signIn);
    return;
  }
  const entry = me.dataset.entry;
  const preloads = (me.dataset.preload || '').split(' ').filter(Boolean);
  // Read when needed: on a sign-in-first page this script runs before #root is parsed.
  const inRoot = (node) => document.getElementById('root')?.contains(node) ?? false;
  const held = [];
  let started = false;

  // The page's own chunks (data-chunks), which the app evaluates one per task (apps/web/src/app/routes.tsx).
  const chunks = (me.dataset.chunks || '').split(' ').filter(Boolean);
  const preload = (href) => {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    link.crossOrigin = '';
    document.head.appendChild(link);
  };

  const start = () => {
    if (started) return;
    started = true;
    for (const href of preloads) preload(href);
    const script = document.createElement('script');
    script.type = 'module';
    script.src = entry;
    script.crossOrigin = '';
    document.head.appendChild(script);
    // One link per task: each costs the main thread a request's start, 0.3 to 3 ms measured on a 4× slower CPU
    // (issue #32, TBT); thirty of them at once made one long task.
    const next = () => {
      preload(chunks.shift());
      if (chunks.length) setTimeout(next);
    };
    if (chunks.length) setTimeout(next);
  };

  const holdClick = (event) => {
    const button = event.target instanceof Element ? event.target.closest('button, input[type="submit"]') : null;
    if (!button || !inRoot(button)) return;
    event.preventDefault();
    event.stopPropagation();
    held.push(() => button.click());
    start();
  };
  const holdSubmit = (event) => {
    if (!inRoot(event.target)) return;
    event.preventDefault();
    const form = event.target;
    held.push(() => form.requestSubmit());
    start();
  };
  document.addEventListener('click', holdClick, true);
  document.addEventListener('submit', holdSubmit, true);
  window.addEventListener(
    'app:hydrated',
    () => {
      document.removeEventListener('click', holdClick, true);
      document.removeEventListener('submit', holdSubmit, true);
      // After React's own replay of the changes typed before hydration.
      setTimeout(() => {
        for (const replay of held.splice(0)) replay();
      });
    },
    { once: true },
  );

  // "load" can fire before the page has painted (measured on /donation: load at 113 ms, first paint at 121 ms): wait for
  // its first contentful paint (at most 3 s), so the scripts never compete with it, nor count in Lighthouse's
  // simulation of it (issue #32).
  const afterFirstPaint = (then) => {
    const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
    if (!window.PerformanceObserver || !PerformanceObserver.supportedEntryTypes?.includes('paint') || painted()) return then();
    const observer = new PerformanceObserver(() => {
      if (!painted()) return;
      observer.disconnect();
      then();
    });
    observer.observe({ type: 'paint' });
    setTimeout(() => {
      observer.disconnect();
      then();
    }, 3000);
  };
  // And for the hero image's decoding and the next frame too.
  const startAfterPaint = () => {
    const hero = document.querySelector('img[fetchpriority="high"]');
    const decoded = hero?.decode ? hero.decode().catch(() => {}) : Promise.resolve();
    decoded.then(() => afterFirstPaint(() => requestAnimationFrame(() => setTimeout(start))));
  };
  for (const type of ['pointerdown', 'keydown', 'touchstart', 'focusin'])
    window.addEventListener(type, start, { once: true, passive: true });
  if (document.readyState === 'complete') startAfterPaint();
  else window.addEventListener('load', startAfterPaint, { once: true });
})();
