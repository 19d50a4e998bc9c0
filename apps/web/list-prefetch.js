// The back office's first data request, started while the HTML is still being parsed (issue #20 item 1): the dashboard
// pages (/dashboard-administrateur, /dashboard-conseiller, written by scripts/lib/dashboard-pages.mjs) load this small
// script before the application code. It reads the stored token and the ?vue= address, asks the API for the view's
// first page exactly as the app would (same URL, same headers), and leaves the pending response in
// window.__asbePrefetch; the app's API client (apps/web/src/lib/prefetched.ts) takes it instead of asking again.
// Without a token, or for a view without a list, it does nothing. The CSP forbids inline scripts, hence a file.
// Plain script, no build step: dashboard-pages.mjs copies it to assets/ under a hashed name.
// Keep the URLs in step with the views' fetchers (the unit test apps/web/src/lib/prefetched.test.ts checks them).
(() => {
  // The application: its entry and the modules it imports. Started once the opened list's first rows are painted, or at
  // once when there is nothing to paint here, so that compiling it never delays those rows (issue #20).
  const me = document.currentScript;
  const entry = me?.dataset.entry;
  const styles = (me?.dataset.style || '').split(' ').filter(Boolean);
  const preloads = (me?.dataset.preload || '').split(' ').filter(Boolean);
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of preloads) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      link.crossOrigin = '';
      document.head.appendChild(link);
    }
    // The app's stylesheet first, so that nothing the app draws shows unstyled; its script once the sheet is in.
    let pending = styles.length;
    const runEntry = () => {
      pending -= 1;
      if (pending > 0) return;
      // The early rows' few rules go: appended after them, the full sheet's would otherwise outrank its own responsive ones.
      document.getElementById('early-style')?.remove();
      if (!entry) return;
      const script = document.createElement('script');
      script.type = 'module';
      script.src = entry;
      script.crossOrigin = '';
      document.head.appendChild(script);
    };
    if (!pending) {
      pending = 1;
      runEntry();
    }
    for (const href of styles) {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      link.crossOrigin = '';
      link.onload = runEntry;
      link.onerror = runEntry;
      document.head.appendChild(link);
    }
  };
  const token = localStorage.getItem('token');
  if (!token) return start();
  const first = 'page=1&per_page=20';
  const ADMIN = {
    'a-traiter': ['/api/admin/waiting'],
    'confirmer-compte': [`/api/confirmation/unconfirmed?${first}`],
    'confirmer-volontaire': [`/api/volunteers/unconfirmed?${first}`],
    sympathisants: [`/api/users?role=sympathisant&${first}`],
    prestataires: [`/api/users?role=prestataire_physique&${first}`, '/api/users?role=prestataire_morale&page=1&per_page=1'],
    conseillers: [`/api/users?role=conseiller&${first}`],
    membres: [`/api/users?role=membre&${first}`],
    projets: [`/api/projects/unconfirmed?${first}`],
    paiements: [`/api/payments?${first}`],
    dons: [`/api/donations?${first}`],
    temoignages: [`/api/admin/testimonials?status=pending&${first}`],
    messages: [`/api/contact-messages?status=nouveau&${first}`],
  };
  const ADVISER = { utilisateurs: [`/api/users/created?${first}`] };
  const view = new URLSearchParams(location.search).get('vue');
  const urls =
    location.pathname === '/dashboard-administrateur'
      ? ADMIN[view ?? 'a-traiter']?.slice()
      : location.pathname === '/dashboard-conseiller'
        ? ADVISER[view ?? 'utilisateurs']?.slice()
        : undefined;
  if (!urls) return start();
  // The header's name comes from the profile, asked for by every dashboard at once.
  urls.push('/api/profile');
  const headers = { accept: 'application/json', authorization: `Bearer ${token}` };
  const store = {};
  for (const url of urls) store[url] = { token, at: Date.now(), response: fetch(url, { headers }) };
  // A failed request (offline) is the app's to report when it asks again: no unhandled rejection here.
  for (const entry of Object.values(store)) entry.response.catch(() => {});
  window.__asbePrefetch = store;

  // The role lists are also painted from here, as plain markup with the app's own classes, as soon as their rows
  // arrive: the person reads them while React starts. The app's view stays hidden under it until its list has rendered
  // (revealApp() in apps/web/src/lib/prefetched.ts removes this one); after 10 s the app shows whatever happens.
  const TITLES = { membres: 'Les Membres', sympathisants: 'Les Sympathisants', conseillers: 'Les Conseillers' };
  const title = location.pathname === '/dashboard-administrateur' ? TITLES[view] : undefined;
  if (!title) return start();
  // A slow answer must not hold the application back: past this, it starts whatever happens.
  setTimeout(start, 3000);
  const CELL =
    'px-4 py-3 text-slate-800 max-sm:flex max-sm:flex-col max-sm:gap-0.5 max-sm:px-0 max-sm:py-1.5 max-sm:[overflow-wrap:anywhere] max-sm:[&_*]:min-w-0 max-sm:[&_*]:whitespace-normal max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)]';
  const COLUMNS = [
    ['Nom', 'name'],
    ['Email', 'email'],
    ['Téléphone', 'telephone'],
    ['Ville', 'zone'],
  ];
  const el = (tag, className, text) => {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const paint = (rows) => {
    const root = document.getElementById('root');
    if (!root || root.firstElementChild || !rows.length || document.getElementById('early-view')) return start();
    const early = el('div', 'min-h-screen bg-slate-50');
    early.id = 'early-view';
    const header = el('header', 'flex h-16 items-center border-b border-slate-200 bg-white px-4 md:px-6');
    header.append(el('p', 'text-xl font-bold text-emerald-950 max-md:text-lg', 'Tableau de bord'));
    const section = el('div', 'space-y-4 p-4 md:p-6 md:pl-70');
    section.append(el('p', 'text-2xl font-bold text-emerald-950', title));
    const wrap = el(
      'div',
      'overflow-x-auto rounded-md bg-white shadow-sm max-sm:overflow-visible max-sm:bg-transparent max-sm:shadow-none',
    );
    const table = el('table', 'min-w-full divide-y divide-slate-200 text-left text-sm max-sm:block max-sm:divide-y-0');
    const thead = el('thead', 'bg-slate-100 max-sm:sr-only');
    const headRow = el('tr');
    for (const [label] of COLUMNS) headRow.append(el('th', 'whitespace-nowrap px-4 py-3 font-semibold text-slate-800', label));
    thead.append(headRow);
    const tbody = el('tbody', 'divide-y divide-slate-100 max-sm:block max-sm:space-y-3 max-sm:divide-y-0');
    for (const row of rows) {
      const tr = el('tr', 'max-sm:block max-sm:rounded-md max-sm:bg-white max-sm:px-4 max-sm:py-2 max-sm:shadow-sm');
      for (const [label, field] of COLUMNS) {
        const td = el('td', CELL, row[field] ?? '—');
        td.dataset.label = label;
        tr.append(td);
      }
      tbody.append(tr);
    }
    table.append(thead, tbody);
    wrap.append(table);
    section.append(wrap);
    early.append(header, section);
    // Read-only preview: the app's own view (search, paging, menu) replaces it in a moment.
    early.setAttribute('aria-hidden', 'true');
    early.inert = true;
    root.before(early);
    root.style.display = 'none';
    // The application once this frame is on screen.
    requestAnimationFrame(() => setTimeout(start, 0));
    setTimeout(() => {
      early.remove();
      root.style.display = '';
    }, 10_000);
  };
  store[urls[0]].response
    .then((response) => (response.ok ? response.clone().json() : null))
    .then((rows) => {
      if (!Array.isArray(rows)) return start();
      // Not DOMContentLoaded: it waits for the app's module scripts to run. The rows go in as soon as #root is parsed.
      const whenRoot = () => (document.getElementById('root') ? paint(rows) : requestAnimationFrame(whenRoot));
      whenRoot();
    })
    .catch(start);
})();
