// `node scripts/bench/treasury.mjs`: the treasury's reads at 10 000 and 1 000 000 movements. The built product runs on a
// scratch SQLite database per size; movements are bulk-inserted beside it (with the daily, monthly and public totals
// and the balances the product keeps as money moves, computed once by SQL), then each read is timed one request at a
// time (p50, p95) over loopback: the journal's first page for one account, a page reached by its keyset cursor in the
// middle of the history, one month of every account, and the public transparency answer. Figures, not pass/fail.
// BENCH_SIZES=10000,1000000 and BENCH_REQUESTS=200 change the volumes; results go to bench-results/treasury.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { BENCH_ADMIN, ensureBuild, ROOT, startProduct } from './lib/product.mjs';

const SIZES = (process.env.BENCH_SIZES ?? '10000,1000000').split(',').map(Number);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const PURPOSES = ['alimentation', 'education', 'logement', 'vetement', 'sante', 'protection', 'autres'];
const CATEGORIES = [
  'alimentation',
  'sante',
  'education',
  'logement',
  'vetement',
  'protection',
  'fonctionnement',
  'frais_financiers',
  'autres',
];

let seed = 7;
const rand = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = (list) => list[Math.floor(rand() * list.length)];
const START = Date.UTC(2024, 0, 1);
const DAYS = 3 * 365;

/** `count` movements over three years on three accounts, then the totals the product keeps, in one go. */
function seedMovements(file, count) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const now = new Date().toISOString();
  const addAccount = db.prepare(
    `insert into treasury_accounts (name, kind, opening_balance, opening_date, balance, created_at, updated_at) values (?, ?, ?, '2024-01-01', ?, ?, ?)`,
  );
  for (const [name, kind, opening] of [
    ['Caisse', 'caisse', 200_000],
    ['Banque', 'banque', 5_000_000],
    ['Mobile money', 'mobile_money', 0],
  ])
    addAccount.run(name, kind, opening, opening, now, now);
  const insert = db.prepare(
    `insert into treasury_movements (account_id, day, amount, kind, nature, category, purpose, label, reference, source_type, source_id, reverses_id, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, null, ?)`,
  );
  // Days in order, as money moves: ids grow with the date, like a real history.
  const perDay = count / DAYS;
  const batch = db.transaction((from, to) => {
    for (let i = from; i < to; i++) {
      const day = new Date(START + Math.floor(i / perDay) * 86_400_000).toISOString().slice(0, 10);
      const r = rand();
      const account = 1 + Math.floor(rand() * 3);
      if (r < 0.55) {
        const purpose = pick(PURPOSES);
        insert.run(
          account,
          day,
          500 + Math.floor(rand() * 40) * 500,
          'recette',
          'don',
          null,
          purpose,
          `Don — ${purpose}`,
          `R${i}`,
          'donation',
          i,
          now,
        );
      } else if (r < 0.65) {
        insert.run(account, day, 5_000, 'recette', pick(['adhesion', 'cotisation']), null, null, 'Cotisation', `R${i}`, 'payment', i, now);
      } else if (r < 0.9) {
        const category = pick(CATEGORIES);
        const purpose = rand() < 0.6 ? pick(PURPOSES) : null;
        insert.run(
          account,
          day,
          -(1_000 + Math.floor(rand() * 80) * 1_000),
          'depense',
          null,
          category,
          purpose,
          `Dépense ${category}`,
          null,
          'expense',
          i,
          now,
        );
      } else {
        const other = (account % 3) + 1;
        const amount = 1_000 + Math.floor(rand() * 20) * 1_000;
        insert.run(account, day, -amount, 'virement_sortant', null, null, null, 'Virement', null, 'transfer', i, now);
        i++;
        if (i < to) insert.run(other, day, amount, 'virement_entrant', null, null, null, 'Virement', null, 'transfer', i - 1, now);
      }
    }
  });
  for (let from = 0; from < count; from += 50_000) batch(from, Math.min(count, from + 50_000));
  db.exec(`
    insert into treasury_daily_totals (account_id, day, amount, movements)
      select account_id, day, sum(amount), count(*) from treasury_movements group by account_id, day;
    insert into treasury_monthly_totals (account_id, month, flow, amount)
      select account_id, substr(day, 1, 7),
        case when kind = 'recette' and nature = 'don' then 'recette:don:' || purpose
             when kind = 'recette' then 'recette:' || nature
             when kind = 'depense' then 'depense:' || category else kind end as flow,
        sum(amount) from treasury_movements group by 1, 2, 3;
    insert into transparency_totals (month, flow, amount, count)
      select substr(day, 1, 7), 'raised:' || purpose, sum(amount), count(*) from treasury_movements
      where kind = 'recette' and nature = 'don' group by 1, 2;
    insert into transparency_totals (month, flow, amount, count)
      select substr(day, 1, 7), 'spent:' || category || ':' || coalesce(purpose, '-'), -sum(amount), count(*) from treasury_movements
      where kind = 'depense' group by 1, 2;
    update treasury_accounts set balance = opening_balance + (select coalesce(sum(amount), 0) from treasury_movements m where m.account_id = treasury_accounts.id);
    analyze;
  `);
  const middle = db
    .prepare('select day, id from treasury_movements where account_id = 2 order by day, id limit 1 offset ?')
    .get(Math.floor(count / 6));
  db.close();
  return middle;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

async function time(url, token) {
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  for (let i = 0; i < 20; i++) await (await fetch(url, { headers })).arrayBuffer();
  const ms = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return { p50: Number(percentile(ms, 50).toFixed(2)), p95: Number(percentile(ms, 95).toFixed(2)) };
}

const buildDir = ensureBuild(process.env.BENCH_BUILD_DIR ?? path.join(ROOT, '.tmp/bench-treasury-dist'));
const results = {};
for (const size of SIZES) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-treasury-'));
  let product = await startProduct({ buildDir, dataDir, env: { LOG_LEVEL: 'error' } });
  await product.stop();
  const t0 = Date.now();
  const middle = seedMovements(path.join(dataDir, 'association.sqlite'), size);
  const seedSeconds = ((Date.now() - t0) / 1000).toFixed(1);
  product = await startProduct({ buildDir, dataDir, env: { LOG_LEVEL: 'error' } });
  try {
    const login = await fetch(`${product.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ telephone: BENCH_ADMIN.telephone, password: BENCH_ADMIN.password }),
    });
    const { token } = await login.json();
    const api = `${product.url}/api`;
    results[size] = {
      seed_seconds: Number(seedSeconds),
      'journal, one account, first page': await time(`${api}/admin/treasury/journal?account=2&per_page=50`, token),
      'journal, one account, page by cursor mid-history': await time(
        `${api}/admin/treasury/journal?account=2&per_page=50&after=${middle.day}:${middle.id}`,
        token,
      ),
      'journal, all accounts, one month': await time(`${api}/admin/treasury/journal?from=2025-06-01&to=2025-06-30&per_page=50`, token),
      'transparency (public)': await time(`${api}/transparency?year=2025`),
      // No query at all: how much of each figure is the machine (HTTP, JSON, a busy CPU) rather than the database.
      'baseline: GET /api/health': await time(`${api}/health`),
    };
    console.log(`${size.toLocaleString('fr-FR')} mouvements (insérés en ${seedSeconds} s):`);
    for (const [name, r] of Object.entries(results[size]))
      if (typeof r === 'object') console.log(`  ${name.padEnd(50)} p50 ${r.p50} ms  p95 ${r.p95} ms`);
  } finally {
    await product.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
if (SIZES.length > 1) {
  const [small, large] = [SIZES[0], SIZES[SIZES.length - 1]];
  console.log(`Croissance du p50 de ${small.toLocaleString('fr-FR')} à ${large.toLocaleString('fr-FR')} mouvements :`);
  for (const name of Object.keys(results[small]).filter((k) => k !== 'seed_seconds' && !k.startsWith('baseline')))
    console.log(`  ${name.padEnd(50)} × ${(results[large][name].p50 / results[small][name].p50).toFixed(2)}`);
}
fs.mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
fs.writeFileSync(
  path.join(ROOT, 'bench-results/treasury.json'),
  `${JSON.stringify({ date: new Date().toISOString(), requests: REQUESTS, cpus: os.cpus().length, results }, null, 2)}\n`,
);
