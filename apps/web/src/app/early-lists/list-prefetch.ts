// The back office's first data request and first rows, before the application (issue #20 item 1). The dashboard pages
// (/dashboard-administrateur, /dashboard-conseiller, written by scripts/lib/dashboard-pages.mjs, which bundles this
// file with esbuild) load it first in <head>, with no module script and no stylesheet of their own. It reads the
// stored token and the ?vue= address, asks the API for the view's first page exactly as the app would (same URL, same
// headers) and leaves the pending responses in window.__asbePrefetch, where the app's API client
// (apps/web/src/lib/prefetched.ts) takes them instead of asking again. For a list, it paints the first rows as
// read-only markup with the app's own classes (list-previews.ts), and only then loads the application: its stylesheet,
// its chunks and, once the stylesheet is in, its entry. The app's view replaces the preview (revealApp()).
// The CSP forbids inline scripts, hence a file. Keep the URLs in step with the views' fetchers (the unit test
// apps/web/src/features/admin-dashboard/api/prefetched-lists.test.ts checks them).
import { TABLE_CLASSES as C } from '@web/components/dashboard/table-classes';
import { LIST_PREVIEWS, type ListPreview, type PreviewRow } from './list-previews';

const FIRST = 'page=1&per_page=20';
/** The requests each view starts with, by dashboard path and `?vue=` (the first is the one a preview is painted from). */
const FIRST_REQUESTS: Record<string, { fallback: string; views: Record<string, string[]> }> = {
  '/dashboard-administrateur': {
    fallback: 'a-traiter',
    views: {
      'a-traiter': ['/api/admin/waiting'],
      'confirmer-compte': [`/api/confirmation/unconfirmed?${FIRST}`],
      'confirmer-volontaire': [`/api/volunteers/unconfirmed?${FIRST}`],
      sympathisants: [`/api/users?role=sympathisant&${FIRST}`],
      prestataires: [`/api/users?role=prestataire_physique&${FIRST}`, '/api/users?role=prestataire_morale&page=1&per_page=1'],
      conseillers: [`/api/users?role=conseiller&${FIRST}`],
      membres: [`/api/users?role=membre&${FIRST}`],
      projets: [`/api/projects/unconfirmed?${FIRST}`],
      paiements: [`/api/payments?${FIRST}`],
      dons: [`/api/donations?${FIRST}`],
      temoignages: [`/api/admin/testimonials?status=pending&${FIRST}`],
      messages: [`/api/contact-messages?status=nouveau&${FIRST}`],
    },
  },
  '/dashboard-conseiller': { fallback: 'utilisateurs', views: { utilisateurs: [`/api/users/created?${FIRST}`] } },
};

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
  for (const [header] of preview.columns) headRow.append(el('th', C.th, header));
  thead.append(headRow);
  const tbody = el('tbody', C.tbody);
  for (const row of rows) {
    const tr = el('tr', C.tr);
    for (const [header, text] of preview.columns) {
      const td = el('td', C.td, text(row));
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
  const dashboard = FIRST_REQUESTS[location.pathname];
  if (!token || !dashboard) {
    start();
    return;
  }
  const view = new URLSearchParams(location.search).get('vue') ?? dashboard.fallback;
  const urls = dashboard.views[view]?.slice();
  if (!urls) {
    start();
    return;
  }
  // The header's name comes from the profile, asked for by every dashboard at once.
  urls.push('/api/profile');
  const headers = { accept: 'application/json', authorization: `Bearer ${token}` };
  const store: NonNullable<Window['__asbePrefetch']> = {};
  for (const url of urls) store[url] = { token, at: Date.now(), response: fetch(url, { headers }) };
  // A failed request (offline) is the app's to report when it asks again: no unhandled rejection here.
  for (const entry of Object.values(store)) entry.response.catch(() => {});
  window.__asbePrefetch = store;

  const preview = LIST_PREVIEWS[location.pathname]?.[view];
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
