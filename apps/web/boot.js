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

  // What was typed, kept across a reload asked for below (never a password or a file), put back before the app reads it;
  // for two minutes only, and only on the page that kept it: a phone passed to someone else after a failed reload does
  // not fill their form with the first person's details (probe of session 16).
  const KEPT = `boot:kept:${location.pathname}`;
  const KEPT_MS = 2 * 60_000;
  const fields = () => [...document.querySelectorAll('#root input, #root textarea, #root select')];
  const keepable = (field) => field.name && !['password', 'file', 'hidden', 'submit', 'button'].includes(field.type);
  document.addEventListener('DOMContentLoaded', () => {
    const kept = sessionStorage.getItem(KEPT);
    if (!kept) return;
    sessionStorage.removeItem(KEPT);
    const { at, values } = JSON.parse(kept);
    if (!(Date.now() - at < KEPT_MS)) return;
    for (const field of fields()) {
      if (!keepable(field) || !(field.name in values)) continue;
      if (field.type === 'checkbox' || field.type === 'radio') field.checked = values[field.name] === (field.value || 'on');
      else field.value = values[field.name];
    }
  });
  // The app's script did not arrive (a dropped link): asked again, at another address (a browser remembers a failed
  // module for the page's life), three times; then a French notice offers to reload the page, what was typed kept.
  const notice = () => {
    const box = document.createElement('div');
    box.setAttribute('role', 'alert');
    Object.assign(box.style, {
      position: 'fixed',
      left: '0',
      right: '0',
      bottom: '0',
      zIndex: '60',
      padding: '12px 16px',
      background: '#fef3c7',
      color: '#0f172a',
      borderTop: '2px solid #b45309',
      font: '16px system-ui, sans-serif',
    });
    box.textContent = 'La page n’a pas fini de se charger (connexion interrompue). ';
    const again = document.createElement('button');
    again.type = 'button';
    again.textContent = 'Réessayer';
    Object.assign(again.style, {
      minHeight: '44px',
      padding: '0 16px',
      marginLeft: '8px',
      background: '#065f46',
      color: '#fff',
      border: '0',
      borderRadius: '6px',
      font: 'inherit',
      fontWeight: '600',
    });
    again.addEventListener('click', () => {
      const values = {};
      for (const field of fields()) {
        if (!keepable(field)) continue;
        if (field.type === 'checkbox' || field.type === 'radio') {
          if (field.checked) values[field.name] = field.value || 'on';
        } else values[field.name] = field.value;
      }
      sessionStorage.setItem(KEPT, JSON.stringify({ at: Date.now(), values }));
      location.reload();
    });
    box.appendChild(again);
    document.body.appendChild(box);
  };
  const load = (attempt) => {
    const script = document.createElement('script');
    script.type = 'module';
    script.src = attempt === 0 ? entry : `${entry}?essai=${attempt}`;
    script.crossOrigin = '';
    script.addEventListener('error', () => {
      script.remove();
      if (attempt < 3) setTimeout(() => load(attempt + 1), 1000 * 2 ** attempt);
      else notice();
    });
    document.head.appendChild(script);
  };

  const start = () => {
    if (started) return;
    started = true;
    for (const href of preloads) preload(href);
    load(0);
    // One link per task: each costs the main thread a request's start, 0.3 to 3 ms measured on a 4× slower CPU
    // (issue #32, TBT); thirty of them at once made one long task.
    const next = () => {
      preload(chunks.shift());
      if (chunks.length) setTimeout(next);
    };
    if (chunks.length) setTimeout(next);
  };

  // A form is sent once however many taps it got, by whichever of its sending buttons was tapped first; a tap on another button of a form (a preset amount) is dropped when
  // the person types in that form after it: what they typed last is what they meant (probe of session 16: a preset
  // tapped, then 2 500 typed, gave a checkout of 5 000).
  const sends = (form) => held.some((h) => h.form === form && h.submit);
  const holdClick = (event) => {
    const button = event.target instanceof Element ? event.target.closest('button, input[type="submit"]') : null;
    if (!button || !inRoot(button)) return;
    event.preventDefault();
    event.stopPropagation();
    const form = button.form;
    // A button that sends without being the form's submit (« Payer sur mon téléphone ») says so with data-sends.
    const submit = form !== null && (button.type === 'submit' || button.hasAttribute('data-sends'));
    if (!(submit && sends(form))) held.push({ form, submit, run: () => button.click() });
    start();
  };
  const holdSubmit = (event) => {
    if (!inRoot(event.target)) return;
    event.preventDefault();
    const form = event.target;
    if (!sends(form)) held.push({ form, submit: true, run: () => form.requestSubmit() });
    start();
  };
  const typed = (event) => {
    const form = event.target?.form;
    if (!form) return;
    for (let i = held.length - 1; i >= 0; i--) if (held[i].form === form && !held[i].submit) held.splice(i, 1);
  };
  document.addEventListener('click', holdClick, true);
  document.addEventListener('submit', holdSubmit, true);
  document.addEventListener('input', typed, true);
  window.addEventListener(
    'app:hydrated',
    () => {
      document.removeEventListener('click', holdClick, true);
      document.removeEventListener('submit', holdSubmit, true);
      document.removeEventListener('input', typed, true);
      // After React's own replay of the changes typed before hydration.
      setTimeout(() => {
        for (const replay of held.splice(0)) replay.run();
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
