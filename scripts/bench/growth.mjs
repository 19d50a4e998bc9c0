// `npm run bench:growth` (and the last part of `npm run bench`): how the cost of lists, searches, statistics, the
// public cause progress, the year-end receipts list and the CSV export grows with the data, 10 000 → 100 000 (→ 1 000 000
// with GROWTH_SIZES=10000,100000,1000000) users, donations and payments, on SQLite and, when GROWTH_PG_URL names a
// PostgreSQL server (a scratch database is created there), on PostgreSQL. p50 of 21 sequential requests after a
// warm-up; the export's time and the server's peak RSS growth during it; the event loop's delay under 20 concurrent
// searches, then during a full CSV export beside the year-end receipts ZIP job (a health probe's latency). Writes bench-results/growth.json, a table in docs/benchmarks.md and docs/growth.svg.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rawGet } from './lib/load.mjs';
import { BENCH_ADMIN, ensureBuild, ROOT, startProduct } from './lib/product.mjs';
import { machine, machineLine, markdownTable, writeJson } from './lib/report.mjs';
import { seedDatabase } from './lib/seed.mjs';

const require = createRequire(import.meta.url);
const SIZES = (process.env.GROWTH_SIZES ?? '10000,100000').split(',').map(Number);
const PG_URL = process.env.GROWTH_PG_URL;
// GROWTH_ONLY=page3,deep,… measures only these lines (ids below, plus `export`, `health` and `health_heavy`) and leaves the docs as they
// are; GROWTH_BUILD=<folder> measures another build (made there if missing), e.g. the commit before a change.
const ONLY = process.env.GROWTH_ONLY?.split(',').filter(Boolean);
const wanted = (id) => !ONLY || ONLY.includes(id);
const RUNS = 21;

const OPERATIONS = [
  { id: 'page3', label: 'dons, page 3', path: () => '/api/donations?page=3&per_page=20' },
  {
    // `page` reads 10 000 rows deep at most from either end (docs/product/http-api.md, « Pagination »): 5 000 from the end.
    id: 'deep',
    label: 'dons, une page vers la fin',
    path: (n) => `/api/donations?page=${Math.max(1, Math.floor((n - 5000) / 20))}&per_page=20`,
  },
  {
    // The page after the middle row, by its cursor (the bench spells the cursor itself: created_at|id, base64url).
    id: 'cursor_middle',
    label: 'dons, page au milieu par curseur',
    path: async (n, get) => {
      const tx = `donations-tx-${Math.floor(n / 2)}`;
      const row = (await get(`/api/donations?q=${tx}&per_page=100`)).find((d) => d.transaction_id === tx);
      return `/api/donations?per_page=20&after=${Buffer.from(`${row.created_at}|${row.id}`).toString('base64url')}`;
    },
  },
  { id: 'users_page3', label: 'comptes, page 3', path: () => '/api/users?page=3&per_page=20' },
  { id: 'q_name', label: 'dons ?q=Zinsou', path: () => '/api/donations?q=Zinsou' },
  {
    id: 'q_receipt',
    label: 'dons ?q=n° de reçu',
    path: (n) => `/api/donations?q=DON-2025-${String(Math.floor(n / 2) - (Math.floor(n / 2) % 6)).padStart(6, '0')}`,
  },
  {
    id: 'q_phone',
    label: 'dons ?q=téléphone',
    path: (n) => `/api/donations?q=${encodeURIComponent(`+229019${String(Math.floor(n / 2)).padStart(7, '0')}`)}`,
  },
  { id: 'members_q', label: 'membres ?q=', path: () => '/api/members?q=Adjovi' },
  { id: 'stats', label: 'statistiques', path: () => '/api/admin/stats' },
  { id: 'causes', label: 'public causes/progress', path: () => '/api/causes/progress' },
  { id: 'year_list', label: 'reçus annuels, liste', path: () => `/api/admin/year-receipts?year=${new Date().getUTCFullYear() - 1}` },
];

const headers = (token) => ({ authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' });

async function p50(url, pathname, token) {
  for (let i = 0; i < 3; i++) await rawGet(url, pathname, headers(token));
  const times = [];
  let status = 0;
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    const res = await rawGet(url, pathname, headers(token));
    times.push(performance.now() - t);
    status = res.status;
  }
  times.sort((a, b) => a - b);
  return { ms: Number(times[Math.floor(RUNS / 2)].toFixed(2)), status };
}

/** The server's RSS (KiB from /proc) sampled every 20 ms while the export downloads. */
function rssOf(pid) {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;
  } catch {
    return 0;
  }
}

async function exportRun(url, pid, token) {
  const start = rssOf(pid);
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 20);
  const t = performance.now();
  const res = await fetch(`${url}/api/donations?format=csv`, { headers: headers(token) });
  let bytes = 0;
  for await (const chunk of res.body) bytes += chunk.length;
  clearInterval(timer);
  return { s: Number(((performance.now() - t) / 1000).toFixed(2)), rssMiB: Number(((peak - start) / 2 ** 20).toFixed(1)), bytes };
}

/** A health probe's latency while 20 connections search donations (what one person waits for while others search). */
async function healthUnderLoad(url, token) {
  let stop = false;
  const worker = async () => {
    while (!stop) await rawGet(url, '/api/donations?q=Zinsou', headers(token));
  };
  const workers = Array.from({ length: 20 }, worker);
  const times = [];
  for (let i = 0; i < 40; i++) {
    const t = performance.now();
    await rawGet(url, '/api/health', {});
    times.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 25));
  }
  stop = true;
  await Promise.all(workers);
  times.sort((a, b) => a - b);
  return { p50: Number(times[20].toFixed(1)), p99: Number(times[39].toFixed(1)) };
}

/**
 * A health probe's latency (every 25 ms) while the whole donations CSV downloads and the previous year's receipts ZIP
 * is made as a job: the event loop's delay under the heaviest work an administrator can start.
 */
async function healthDuringHeavyWork(url, pid, token) {
  const job = await fetch(`${url}/api/admin/year-receipts/zip-jobs`, {
    method: 'POST',
    headers: { ...headers(token), 'content-type': 'application/json' },
    body: JSON.stringify({ year: new Date().getUTCFullYear() - 1 }),
  }).then((r) => r.json());
  let exporting = true;
  const exported = exportRun(url, pid, token).finally(() => {
    exporting = false;
  });
  const times = [];
  // At least 5 s: the ZIP job is still making PDFs once a small export is done.
  const began = performance.now();
  while (exporting || performance.now() - began < 5000) {
    const t = performance.now();
    await rawGet(url, '/api/health', {});
    times.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 25));
  }
  await exported;
  const progress = await fetch(`${url}/api/admin/year-receipts/zip-jobs/${job.id}`, { headers: headers(token) }).then((r) => r.json());
  times.sort((a, b) => a - b);
  const at = (p) => Number(times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(1));
  return { p50: at(0.5), p99: at(0.99), probes: times.length, zip: `${progress.done}/${progress.total ?? '?'}` };
}

export async function seedPostgres(url, n) {
  const pg = require('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const since = Date.now() - 2 * 365 * 24 * 3600 * 1000;
  const at = (i) =>
    `to_char(to_timestamp(${since / 1000} + (${i}::float / ${n}) * ${2 * 365 * 24 * 3600}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const first = `(array['Awa','Koffi','Aïcha','Sèna','Rodrigue','Fifamè','Mawuli','Chantal','Éric','Bénédicte','Gildas','Nafissatou'])[1 + i % 12]`;
  const last = `(array['Adjovi','Houngbédji','Zinsou','Agbodjan','Dossou','Kpadé','Soglo','Tchibozo','Ahouandjinou','Gbaguidi'])[1 + (i / 12) % 10]`;
  const hash = (await client.query('select password_hash from users limit 1')).rows[0].password_hash;
  // In slices: the row_counts triggers update the same few rows once per inserted row, and within one statement
  // PostgreSQL walks every version it made of a row before the next update (quadratic): 100 000 rows took 325 s in
  // one statement, 295 s in slices of 2 000, 35 s in slices of 250. The product inserts one row per statement.
  const SLICE = 250;
  for (let from = 0; from < n; from += SLICE) {
    const to = Math.min(n, from + SLICE) - 1;
    await client.query(
      `insert into users (name, email, telephone, password_hash, role, zone, zone_key, is_confirmed, first_login, created_at, updated_at)
    select ${first} || ' ' || ${last}, 'utilisateur.' || i || '@exemple.bj', '+229016' || lpad((1000000 + i)::text, 7, '0'), $1,
      (array['membre','membre','membre','membre','sympathisant','consommateur'])[1 + i % 6], 'Cotonou', 'cotonou', 1, 0, ${at('i')}, ${at('i')}
    from generate_series(${from}, ${to}) i`,
      [hash],
    );
    for (const table of ['donations', 'payments']) {
      const own = table === 'donations' ? `purpose` : `payment_type`;
      const ownValue =
        table === 'donations'
          ? `(array['alimentation','education','logement','vetement','sante','protection','autres'])[1 + i % 7]`
          : `(array['cotisation','adhesion'])[1 + i % 2]`;
      await client.query(`insert into ${table} (amount, name, email, phone, currency, transaction_status, transaction_id, provider, is_verified, receipt_number, paid_at, created_at, updated_at, ${own})
      select 500 + ((i::bigint * 7919) % 200) * 500, ${first.replaceAll('i %', '(i + 3) %')} || ' ' || ${last.replaceAll('(i /', '((i + 3) /')}, 'donateur.' || i || '@exemple.bj', '+229019' || lpad(i::text, 7, '0'), 'XOF',
        (array['approved','approved','approved','pending','declined','canceled'])[1 + i % 6], '${table}-tx-' || i, 'sandbox', case when i % 6 < 3 then 1 else 0 end,
        case when i % 6 < 3 then '${table === 'donations' ? 'DON' : 'PAI'}-2025-' || lpad(i::text, 6, '0') end, case when i % 6 < 3 then ${at('i')} end, ${at('i')}, ${at('i')}, ${ownValue}
      from generate_series(${from}, ${to}) i`);
    }
  }
  // The slices above updated each counter row 250 times per statement, leaving a table of a few hundred rows spread
  // over 219 MB of dead versions that every read of a prefix scanned (statistics 45–50 ms at a million rows, < 5 ms
  // once compacted). The product updates a counter once per transaction, which PostgreSQL prunes in place: compact
  // the kept tables to that steady state, then vacuum and analyze as autovacuum would have by then.
  await client.query('vacuum full row_counts, year_donor_totals, money_totals');
  await client.query('vacuum analyze');
  await client.end();
}

async function measureEngine(engine, n, buildDir) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assoc-growth-'));
  const env = { RATE_LIMIT_FORMS: '1000000000', RATE_LIMIT_LOGIN: '1000000000', LOG_LEVEL: 'warn' };
  let dbName;
  if (engine === 'postgres') {
    const pg = require('pg');
    dbName = `growth_${n}_${process.pid}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const u = new URL(PG_URL);
    u.pathname = `/${dbName}`;
    env.DATABASE_URL = u.toString();
    env.DATA_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');
  }
  let server = await startProduct({ buildDir, dataDir, env, timeoutMs: 600_000 });
  await server.stop();
  const started = Date.now();
  if (engine === 'sqlite')
    seedDatabase(path.join(dataDir, 'association.sqlite'), { users: n, donations: n, payments: n, testimonials: 100, volunteers: 100 });
  else await seedPostgres(env.DATABASE_URL, n);
  console.log(`  ${engine} ${n}: données en ${((Date.now() - started) / 1000).toFixed(0)} s`);
  server = await startProduct({ buildDir, dataDir, env, timeoutMs: 600_000 });
  try {
    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ telephone: BENCH_ADMIN.telephone, password: BENCH_ADMIN.password }),
    });
    const { token } = await login.json();
    const result = {};
    const get = async (pathname) => (await fetch(`${server.url}${pathname}`, { headers: { authorization: `Bearer ${token}` } })).json();
    for (const op of OPERATIONS) {
      if (!wanted(op.id)) continue;
      result[op.id] = await p50(server.url, await op.path(n, get), token);
      console.log(`    ${op.label}: ${result[op.id].ms} ms (${result[op.id].status})`);
    }
    if (wanted('export')) {
      result.export = await exportRun(server.url, server.child.pid, token);
      console.log(`    export CSV: ${result.export.s} s, +${result.export.rssMiB} MiB`);
    }
    if (wanted('health')) {
      result.health = await healthUnderLoad(server.url, token);
      console.log(`    santé sous 20 recherches : p50 ${result.health.p50} ms, p99 ${result.health.p99} ms`);
    }
    if (wanted('health_heavy')) {
      // Last: the ZIP job goes on in the server's worker thread until the server stops.
      result.health_heavy = await healthDuringHeavyWork(server.url, server.child.pid, token);
      console.log(
        `    santé pendant l'export CSV et le zip des reçus : p50 ${result.health_heavy.p50} ms, p99 ${result.health_heavy.p99} ms (${result.health_heavy.probes} sondes, zip ${result.health_heavy.zip})`,
      );
    }
    return result;
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (dbName) {
      const pg = require('pg');
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName}`);
      await admin.end();
    }
  }
}

/** Log-scale lines, one per operation and engine (ms against rows). */
export function chart(results) {
  const W = 760;
  const H = 420;
  const pad = { l: 60, r: 220, t: 30, b: 40 };
  const series = [];
  for (const engine of Object.keys(results)) {
    for (const op of OPERATIONS)
      series.push({
        name: `${op.label} (${engine === 'sqlite' ? 'SQLite' : 'PG'})`,
        dash: engine === 'postgres',
        points: SIZES.map((n) => [n, results[engine][n]?.[op.id]?.ms]).filter((p) => p[1] > 0),
      });
  }
  const ys = series.flatMap((s) => s.points.map((p) => p[1]));
  const yMin = Math.max(0.1, Math.min(...ys) / 1.5);
  const yMax = Math.max(...ys) * 1.5;
  const x = (n) =>
    pad.l +
    ((Math.log10(n) - Math.log10(SIZES[0])) / Math.max(1e-9, Math.log10(SIZES.at(-1)) - Math.log10(SIZES[0]))) * (W - pad.l - pad.r);
  const y = (v) => pad.t + (1 - (Math.log10(v) - Math.log10(yMin)) / (Math.log10(yMax) - Math.log10(yMin))) * (H - pad.t - pad.b);
  const colours = [
    '#065f46',
    '#b45309',
    '#1d4ed8',
    '#be123c',
    '#7c3aed',
    '#0f766e',
    '#4d7c0f',
    '#c2410c',
    '#334155',
    '#a21caf',
    '#0369a1',
    '#854d0e',
  ];
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="11">`,
    `<rect width="${W}" height="${H}" fill="#fff"/>`,
    `<text x="${pad.l}" y="18" font-size="13" font-weight="bold">p50 (ms, échelle log) selon le nombre de lignes</text>`,
  ];
  for (let e = Math.floor(Math.log10(yMin)); e <= Math.ceil(Math.log10(yMax)); e++) {
    const v = 10 ** e;
    if (v < yMin || v > yMax) continue;
    parts.push(
      `<line x1="${pad.l}" x2="${W - pad.r}" y1="${y(v)}" y2="${y(v)}" stroke="#e2e8f0"/><text x="${pad.l - 6}" y="${y(v) + 4}" text-anchor="end">${v}</text>`,
    );
  }
  for (const n of SIZES) parts.push(`<text x="${x(n)}" y="${H - pad.b + 16}" text-anchor="middle">${n.toLocaleString('fr-FR')}</text>`);
  series.forEach((s, i) => {
    const c = colours[i % OPERATIONS.length];
    const d = s.points.map((p, j) => `${j ? 'L' : 'M'}${x(p[0]).toFixed(1)},${y(p[1]).toFixed(1)}`).join(' ');
    parts.push(`<path d="${d}" fill="none" stroke="${c}" stroke-width="2"${s.dash ? ' stroke-dasharray="5 3"' : ''}/>`);
    parts.push(
      `<line x1="${W - pad.r + 10}" x2="${W - pad.r + 30}" y1="${pad.t + i * 14}" y2="${pad.t + i * 14}" stroke="${c}" stroke-width="2"${s.dash ? ' stroke-dasharray="5 3"' : ''}/><text x="${W - pad.r + 34}" y="${pad.t + i * 14 + 4}">${s.name}</text>`,
    );
  });
  parts.push('</svg>');
  return parts.join('\n');
}

export function writeDoc(m, results) {
  const engines = Object.keys(results);
  const rows = [];
  for (const op of [
    ...OPERATIONS,
    { id: 'export', label: 'export CSV des dons (s, +MiB RSS)' },
    { id: 'health', label: 'santé sous 20 recherches (p50 / p99 ms)' },
    { id: 'health_heavy', label: 'santé pendant export CSV + zip des reçus (p50 / p99 ms)' },
  ]) {
    for (const engine of engines) {
      const cells = SIZES.map((n) => {
        const r = results[engine][n]?.[op.id];
        if (!r) return '—';
        if (op.id === 'export') return `${r.s} s, +${r.rssMiB} MiB`;
        if (op.id === 'health' || op.id === 'health_heavy') return `${r.p50} / ${r.p99} ms`;
        return `${r.ms} ms`;
      });
      const a = results[engine][SIZES[0]]?.[op.id]?.ms;
      const b = results[engine][SIZES.at(-1)]?.[op.id]?.ms;
      rows.push([op.label, engine === 'sqlite' ? 'SQLite' : 'PostgreSQL', ...cells, a && b ? `${(b / a).toFixed(1)}×` : '']);
    }
  }
  const table = markdownTable(['opération', 'base', ...SIZES.map((n) => n.toLocaleString('fr-FR')), 'croissance'], rows);
  const block = `## Growth with the data (\`npm run bench:growth\`)\n\n${machineLine(m)}\n\n![p50 by rows, log scale](growth.svg)\n\n${table}\n`;
  const file = path.join(ROOT, 'docs/benchmarks.md');
  const doc = fs.readFileSync(file, 'utf8');
  const start = '<!-- growth:start -->';
  const end = '<!-- growth:end -->';
  const a = doc.indexOf(start);
  const b = doc.indexOf(end);
  const next =
    a >= 0 && b > a ? `${doc.slice(0, a + start.length)}\n${block}\n${doc.slice(b)}` : `${doc.trimEnd()}\n\n${start}\n${block}\n${end}\n`;
  fs.writeFileSync(file, next);
}

async function main() {
  const m = machine();
  const buildDir = ensureBuild(process.env.GROWTH_BUILD);
  const results = { sqlite: {} };
  if (PG_URL) results.postgres = {};
  for (const n of SIZES) {
    for (const engine of Object.keys(results)) {
      console.log(`▶ ${engine}, ${n.toLocaleString('fr-FR')} lignes`);
      results[engine][n] = await measureEngine(engine, n, buildDir);
    }
  }
  if (ONLY) {
    writeJson('growth-partial.tmp.json', { machine: m, sizes: SIZES, results });
    console.log('✔ bench-results/growth-partial.tmp.json (GROWTH_ONLY: docs left as they are)');
    return;
  }
  writeJson('growth.json', { machine: m, sizes: SIZES, results });
  fs.writeFileSync(path.join(ROOT, 'docs/growth.svg'), chart(results));
  writeDoc(m, results);
  console.log('✔ bench-results/growth.json, docs/benchmarks.md, docs/growth.svg');
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
