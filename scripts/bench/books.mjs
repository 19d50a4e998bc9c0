// `node scripts/bench/books.mjs`: the books' year figures at a million entries. The built product runs on a scratch
// SQLite database and, when BOOKS_PG_URL names a PostgreSQL server (a scratch database is created there and dropped
// after), on PostgreSQL. N entries of one year (BOOKS_ENTRIES, default 1 000 000; two lines each: gifts, fees,
// expenses, transfers through 58) are bulk-inserted by SQL beside the product, with the totals per year, account and
// cause the product keeps as it posts; then the trial balance and the normal-system statements are timed one request
// at a time over loopback (p50, p95 of BOOKS_REQUESTS, default 21, after 3 warm-ups). Figures, not pass/fail; the
// hash chain of seeded entries is not valid (verify is not timed). Results: bench-results/books.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { BENCH_ADMIN, ensureBuild, ROOT, startProduct } from './lib/product.mjs';

const N = Number(process.env.BOOKS_ENTRIES ?? 1_000_000);
const REQUESTS = Number(process.env.BOOKS_REQUESTS ?? 21);
const PG_URL = process.env.BOOKS_PG_URL;
const YEAR = 2026;

// The entry of row i (0-based): which accounts, amount, cause. Written once as SQL so both engines seed the same.
const ENTRY_SQL = (i) => `
  case ${i} % 10 when 0 then 'BQ' when 1 then 'CA' when 2 then 'BQ' else 'MM' end`;
const LINES_SQL = (i) => ({
  debit: `case when ${i} % 10 < 6 then case ${i} % 3 when 0 then '5211' when 1 then '5521' else '5711' end
               when ${i} % 10 < 7 then '5711'
               when ${i} % 10 < 9 then case ${i} % 9 when 0 then '6011' when 1 then '6012' when 2 then '6013' when 3 then '6014' when 4 then '6015' when 5 then '6016' when 6 then '638' when 7 then '631' else '658' end
               else '585' end`,
  credit: `case when ${i} % 10 < 6 then case when ${i} % 7 = 6 then '7042' else '7041' end
                when ${i} % 10 < 7 then '7011'
                when ${i} % 10 < 9 then case ${i} % 3 when 0 then '5211' when 1 then '5521' else '5711' end
                else '5521' end`,
  cause: `case when ${i} % 10 < 6 then case ${i} % 7 when 0 then 'alimentation' when 1 then 'education' when 2 then 'logement' when 3 then 'vetement' when 4 then 'sante' when 5 then 'protection' else 'autres' end else null end`,
  amount: `(500 + (${i} % 40) * 500)`,
});

function statements(dialect) {
  const pgsql = dialect === 'pg';
  const series = pgsql
    ? `generate_series(1, ${N}) as s(i)`
    : `(with recursive s(i) as (select 1 union all select i + 1 from s where i < ${N}) select i from s) as s`;
  const dateOf = (n) =>
    pgsql ? `to_char(date '${YEAR}-01-01' + (${n})::int, 'YYYY-MM-DD')` : `strftime('%Y-%m-%d', '${YEAR}-01-01', '+' || (${n}) || ' days')`;
  const l = LINES_SQL('e.id');
  return [
    `insert into books_entries (number, year, day, journal, label, reference, source_type, source_id, reverses_id, carried, validated_at, hash, created_by, created_at)
     select '${YEAR}-' || ${pgsql ? "lpad(i::text, 7, '0')" : "substr('0000000' || i, -7)"}, ${YEAR}, ${dateOf('i % 365')}, ${ENTRY_SQL('i')},
            'Écriture de banc ' || i, null, 'bench', ${pgsql ? 'i::text' : 'cast(i as text)'}, null, 0,
            '${YEAR}-01-01T00:00:00.000Z', '${'0'.repeat(64)}', null, '${YEAR}-01-01T00:00:00.000Z'
     from ${series}`,
    `insert into books_lines (entry_id, line_no, account, debit, credit, cause)
     select e.id, 1, ${l.debit}, ${l.amount}, 0, ${l.cause} from books_entries e where e.source_type = 'bench'`,
    `insert into books_lines (entry_id, line_no, account, debit, credit, cause)
     select e.id, 2, ${l.credit}, 0, ${l.amount}, ${l.cause} from books_entries e where e.source_type = 'bench'`,
    `delete from books_totals`,
    `insert into books_totals (year, account, cause, carried, debit, credit)
     select e.year, l.account, coalesce(l.cause, ''), e.carried, sum(l.debit), sum(l.credit)
     from books_lines l join books_entries e on e.id = l.entry_id group by e.year, l.account, coalesce(l.cause, ''), e.carried`,
    `insert into books_counters (year, last) values (${YEAR}, ${N}) on conflict (year) do update set last = excluded.last`,
    'analyze',
  ];
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

async function time(url, token) {
  const headers = { authorization: `Bearer ${token}` };
  let body;
  for (let i = 0; i < 3; i++) body = await (await fetch(url, { headers })).text();
  const ms = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    body = await res.text();
    if (!res.ok) throw new Error(`${url}: ${res.status} ${body}`);
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return { p50: Number(percentile(ms, 50).toFixed(2)), p95: Number(percentile(ms, 95).toFixed(2)), body: JSON.parse(body) };
}

async function measure(engine, buildDir, env, seed) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-books-${engine}-`));
  const product = await startProduct({ buildDir, dataDir, env, timeoutMs: 120_000 });
  try {
    const t0 = performance.now();
    await seed(dataDir);
    const seedSeconds = Number(((performance.now() - t0) / 1000).toFixed(1));
    const login = await fetch(`${product.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ telephone: BENCH_ADMIN.telephone, password: BENCH_ADMIN.password }),
    });
    const { token } = await login.json();
    const trial = await time(`${product.url}/api/admin/books/trial-balance?year=${YEAR}`, token);
    const stmts = await time(`${product.url}/api/admin/books/statements?year=${YEAR}&system=normal`, token);
    const debit = trial.body.reduce((s, l) => s + l.debit, 0);
    const credit = trial.body.reduce((s, l) => s + l.credit, 0);
    const row = {
      engine,
      entries: N,
      seed_s: seedSeconds,
      trial_balance_p50_ms: trial.p50,
      trial_balance_p95_ms: trial.p95,
      statements_p50_ms: stmts.p50,
      statements_p95_ms: stmts.p95,
      trial_balance_balanced: debit === credit,
      assets_equal_liabilities: stmts.body.checks.balanced,
    };
    console.log(JSON.stringify(row));
    return row;
  } finally {
    await product.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const buildDir = ensureBuild(process.env.BENCH_BUILD_DIR ?? path.join(ROOT, '.tmp/bench-books-dist'));
const results = [];
results.push(
  await measure('SQLite', buildDir, {}, async (dataDir) => {
    const file = fs.readdirSync(dataDir).find((f) => f.endsWith('.db') || f.endsWith('.sqlite'));
    const db = new Database(path.join(dataDir, file));
    db.pragma('busy_timeout = 60000');
    for (const sql of statements('sqlite')) db.exec(sql);
    db.close();
  }),
);
if (PG_URL) {
  const name = `books_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  try {
    results.push(
      await measure(
        'PostgreSQL',
        buildDir,
        { DATABASE_URL: url.toString(), DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') },
        async () => {
          const client = new pg.Client({ connectionString: url.toString() });
          await client.connect();
          for (const sql of statements('pg')) await client.query(sql);
          await client.end();
        },
      ),
    );
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
fs.mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
fs.writeFileSync(path.join(ROOT, 'bench-results/books.json'), `${JSON.stringify({ at: new Date().toISOString(), results }, null, 2)}\n`);
console.table(results);
