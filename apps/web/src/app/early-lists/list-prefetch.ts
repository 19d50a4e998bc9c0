// The back office's first data request and first rows, before the application (issue #20 item 1). The dashboard pages
// (/dashboard-administrateur, /dashboard-conseiller) are written by scripts/lib/dashboard-pages.mjs, which bundles this
// file with esbuild and inlines it first in <head> (allowed by its SHA-256 in the CSP's script-src), with no module
// script and no stylesheet of their own. It reads the stored token and the ?vue= address, asks the API for the view's
// first page exactly as the app would (same URL, same headers) and leaves the pending responses in
// window.__asbePrefetch, where the app's API client (apps/web/src/lib/prefetched.ts) takes them instead of asking
// again. For a list, it paints the first rows as read-only markup with the app's own classes, and only then loads the
// application: its stylesheet, its chunks and, once the stylesheet is in, its entry. The app's view replaces the
// preview (revealApp()). The URLs and the previews come from the lists' own definitions (first-lists.ts), the ones
// the views render; the unit test prefetched-lists.test.ts runs this script and checks its URLs against the app's.
import { isAddressLike, TABLE_CLASSES as C } from '@web/components/dashboard/table-classes';
import { apiUrl } from '@web/lib/api-url';
import { EARLY_VIEWS, type ListPreview, type PreviewRow } from './first-lists';

function el(tag: string, className?: string, text?: string): HTMLElement {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function appendLink(rel: string, href: string): HTMLLinkElement {
  const link = el('link') as HTMLLinkElement;
  link.rel = rel;
  link.href = href;
  link.crossOrigin = '';
  document.head.appendChild(link);
  return link;
}

/** The application: every chunk preloaded, then the stylesheet, then (once the sheet is in) the entry. Once only. */
function appLoader(me: HTMLScriptElement | null): () => void {
  const entry = me?.dataset.entry;
  const styles = (me?.dataset.style || '').split(' ').filter(Boolean);
  const preloads = (me?.dataset.preload || '').split(' ').filter(Boolean);
  const runEntry = () => {
    // The early rows' few rules go: appended after them, the full sheet's would otherwise outrank its own responsive ones.
    document.getElementById('early-style')?.remove();
    if (!entry) return;
    const script = el('script') as HTMLScriptElement;
    script.type = 'module';
    script.src = entry;
    script.crossOrigin = '';
    document.head.appendChild(script);
  };
  let started = false;
  return () => {
    if (started) return;
    started = true;
    for (const href of preloads) appendLink('modulepreload', href);
    if (styles.length === 0) return runEntry();
    let left = styles.length;
    for (const href of styles) {
      const link = appendLink('stylesheet', href);
      link.onload = link.onerror = () => {
        left -= 1;
        if (left === 0) runEntry();
      };
    }
  };
}

/** The preview: the dashboard's header, the list's title and its first rows. False when there is nothing to paint. */
function paint(preview: ListPreview, rows: PreviewRow[]): boolean {
  const root = document.getElementById('root');
  if (!root || root.firstElementChild || !rows.length || document.getElementById('early-view')) return false;
  const early = el('div', 'min-h-screen bg-slate-50');
  early.id = 'early-view';
  const header = el('header', 'flex h-16 items-center border-b border-slate-200 bg-white px-4 md:px-6');
  header.append(el('p', 'text-xl font-bold text-emerald-950 max-md:text-lg', 'Tableau de bord'));
  const section = el('div', 'space-y-4 p-4 md:p-6 md:pl-70');
  section.append(el('p', preview.titleClass, preview.title));
  const wrap = el('div', C.wrap);
  const table = el('table', C.table);
  const thead = el('thead', C.thead);
  const headRow = el('tr');
  for (const { header } of preview.columns) headRow.append(el('th', C.th, header));
  thead.append(headRow);
  const tbody = el('tbody', C.tbody);
  for (const row of rows) {
    const tr = el('tr', C.tr);
    for (const { header, text } of preview.columns) {
      const value = String(text(row) ?? '');
      const td = el('td', isAddressLike(value) ? `${C.td} ${C.address}` : C.td, value);
      td.dataset.label = header;
      tr.append(td);
    }
    tbody.append(tr);
  }
  table.append(thead, tbody);
  wrap.append(table);
  section.append(wrap);
  early.append(header, section);
  // Read-only: the app's own view (search, paging, actions, menu) replaces it in a moment.
  early.setAttribute('aria-hidden', 'true');
  early.inert = true;
  root.before(early);
  root.style.display = 'none';
  // Whatever happens to the app, the preview never stays on its own.
  setTimeout(() => {
    early.remove();
    root.style.display = '';
  }, 10_000);
  return true;
}

function run(): void {
  const start = appLoader(document.currentScript as HTMLScriptElement | null);
  const token = localStorage.getItem('token');
  // Own keys only: `?vue=constructor` must not find Object.prototype's (it left the page blank: probe of session 16).
  const dashboard = Object.hasOwn(EARLY_VIEWS, location.pathname) ? EARLY_VIEWS[location.pathname] : undefined;
  if (!token || !dashboard) {
    start();
    return;
  }
  const view = new URLSearchParams(location.search).get('vue') ?? dashboard.fallback;
  const early = Object.hasOwn(dashboard.views, view) ? dashboard.views[view] : undefined;
  if (!early) {
    start();
    return;
  }
  // The header's name comes from the profile, asked for by every dashboard at once.
  const urls = [...early.requests, apiUrl('/profile')];
  const headers = { accept: 'application/json', authorization: `Bearer ${token}` };
  const store: NonNullable<Window['__asbePrefetch']> = {};
  for (const url of urls) store[url] = { token, at: Date.now(), response: fetch(url, { headers }) };
  // A failed request (offline) is the app's to report when it asks again: no unhandled rejection here.
  for (const entry of Object.values(store)) entry.response.catch(() => {});
  window.__asbePrefetch = store;

  const { preview } = early;
  if (!preview) {
    start();
    return;
  }
  // A slow answer must not hold the application back: past this, it starts whatever happens.
  setTimeout(start, 3000);
  store[urls[0]!]!.response.then((response) => (response.ok ? response.clone().json() : null))
    .then((rows: unknown) => {
      if (!Array.isArray(rows)) return start();
      // Not DOMContentLoaded, which waits for deferred scripts: the rows go in as soon as #root is parsed.
      const whenRoot = () => {
        if (!document.getElementById('root')) return void requestAnimationFrame(whenRoot);
        if (!paint(preview, rows as PreviewRow[])) return start();
        // The application once this frame is on screen.
        requestAnimationFrame(() => setTimeout(start, 0));
      };
      whenRoot();
    })
    .catch(start);
}

run();
