// `npm run bench` (second part) / `npm run bench:scale`: the same reads on PostgreSQL, first one built product,
// then two behind the load (each process gets half the connections), sharing one database and one Redis.
// Figures, not pass/fail; skipped with one line when PostgreSQL or Redis does not answer on 127.0.0.1.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { BENCH_ADMIN, ensureBuild, startProduct } from './lib/product.mjs';
import { machine, machineLine, markdownTable, updateReadme, writeJson } from './lib/report.mjs';
import { seedDatabase } from './lib/seed.mjs';

const SQLite = createRequire(import.meta.url)('better-sqlite3');
const PG_SERVER = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
const REDIS_URL = process.env.BENCH_REDIS ?? 'redis://127.0.0.1:6379';
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const TABLES = ['users', 'donations', 'payments', 'testimonials', 'volunteers'];
const SCENARIOS = [
  { group: 'public read', path: '/api/testimonials' },
  { group: 'public read', path: '/api/volunteers' },
  { group: 'admin list (100 000 rows)', path: '/api/donations?page=3&per_page=20', auth: true },
];

async function answers(check) {
  try {
    return await check();
  } catch {
    return false;
  }
}
const pgAnswers = () =>
  answers(async () => {
    const c = new pg.Client({ connectionString: `${PG_SERVER}/postgres`, connectionTimeoutMillis: 2000 });
    await c.connect();
    await c.end();
    return true;
  });
const redisAnswers = () =>
  new Promise((resolve) => {
    const { hostname, port } = new URL(REDIS_URL);
    const s = net.connect({ host: hostname, port: Number(port || 6379) });
    const done = (ok) => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(1000, () => done(false));
    s.on('error', () => done(false));
    s.on('connect', () => s.write('PING\r\n'));
    s.on('data', (d) => done(d.toString().startsWith('+PONG')));
  });

/** Copies the seeded SQLite rows into the migrated PostgreSQL database (common columns, batched, ids kept). */
async function copyRows(sqliteFile, client) {
  const lite = new SQLite(sqliteFile, { readonly: true });
  await client.query('delete from auth_tokens');
  await client.query('delete from users');
  // A bulk load: triggers and foreign-key checks off for this session (row counts recomputed below), as pg_restore does.
  await client.query("set session_replication_role = 'replica'");
  for (const table of TABLES) {
    const pgCols = new Set(
      (
        await client.query('select column_name from information_schema.columns where table_name = $1 and table_schema = current_schema()', [
          table,
        ])
      ).rows.map((r) => r.column_name),
    );
    const cols = lite
      .prepare(`pragma table_info(${table})`)
      .all()
      .map((c) => c.name)
      .filter((c) => pgCols.has(c));
    const batch = Math.floor(30_000 / cols.length);
    let rows = [];
    const flush = async () => {
      if (rows.length === 0) return;
      const values = rows.map((_, r) => `(${cols.map((_, c) => `$${r * cols.length + c + 1}`).join(', ')})`).join(', ');
      await client.query(`insert into ${table} (${cols.join(', ')}) values ${values}`, rows.flat());
      rows = [];
    };
    await client.query('begin');
    for (const row of lite.prepare(`select ${cols.join(', ')} from ${table}`).iterate()) {
      rows.push(cols.map((c) => row[c]));
      if (rows.length >= batch) await flush();
    }
    await flush();
    await client.query('commit');
    await client.query(`select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from ${table}), 1))`);
  }
  await client.query("set session_replication_role = 'origin'");
  for (const table of ['donations', 'payments']) {
    await client.query(`delete from row_counts where key = $1 or key like $2`, [table, `${table}:status:%`]);
    await client.query(`insert into row_counts (key, n) select $1::text, count(*) from ${table} where deleted_at is null`, [table]);
    await client.query(
      `insert into row_counts (key, n) select $1::text || transaction_status, count(*) from ${table} where deleted_at is null group by transaction_status`,
      [`${table}:status:`],
    );
  }
  await client.query('analyze');
  lite.close();
}

function run(url, scenario, token, connections) {
  return autocannon({
    url: url + scenario.path,
    connections,
    duration: DURATION,
    timeout: 30,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

async function measure(products, scenario, token) {
  const per = Math.max(1, Math.floor(CONNECTIONS / products.length));
  const results = await Promise.all(products.map((p) => run(p.url, scenario, token, per)));
  return {
    rps: Math.round(results.reduce((sum, r) => sum + r.requests.average, 0)),
    // Each process's own percentiles: the slower one is reported.
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    bad: results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0),
  };
}

async function main() {
  const missing = [!(await pgAnswers()) && `PostgreSQL (${PG_SERVER})`, !(await redisAnswers()) && `Redis (${REDIS_URL})`].filter(Boolean);
  if (missing.length > 0) {
    console.log(`Two-process benchmark skipped: ${missing.join(' and ')} not reachable`);
    return;
  }
  const m = machine();
  const buildDir = ensureBuild();
  const database = `asbe_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${PG_SERVER}/postgres` });
  await admin.connect();
  await admin.query(`create database ${database}`);
  const scratch = [0, 1, 2].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'assoc-bench-pg-')));
  const env = {
    DATABASE_URL: `${PG_SERVER}/${database}`,
    DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    REDIS_URL,
    REDIS_KEY_PREFIX: `${database}:`,
    RATE_LIMIT_FORMS: '1000000000',
    RATE_LIMIT_LOGIN: '1000000000',
    LOG_LEVEL: 'error',
  };
  const products = [];
  try {
    console.log('▶ deux processus sur PostgreSQL : migration, puis copie des données réalistes');
    // The realistic volumes come from the SQLite seeder, through a migrated SQLite product, then are copied over.
    const lite = await startProduct({ buildDir, dataDir: scratch[2], env: { LOG_LEVEL: 'error' } });
    await lite.stop();
    seedDatabase(path.join(scratch[2], 'association.sqlite'));
    const first = await startProduct({ buildDir, dataDir: scratch[0], env });
    await first.stop();
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    const t = Date.now();
    await copyRows(path.join(scratch[2], 'association.sqlite'), client);
    await client.end();
    console.log(`  copiées en ${((Date.now() - t) / 1000).toFixed(1)} s`);

    products.push(await startProduct({ buildDir, dataDir: scratch[0], env }));
    const login = await fetch(`${products[0].url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ telephone: BENCH_ADMIN.telephone, password: BENCH_ADMIN.password }),
    });
    if (!login.ok) throw new Error(`admin login answered ${login.status}`);
    const token = (await login.json()).token;
    const rows = [];
    const data = [];
    for (const s of SCENARIOS) {
      const one = await measure(products.slice(0, 1), s, s.auth ? token : undefined);
      data.push({ ...s, processes: 1, ...one });
      console.log(`  1 processus  ${s.path}: ${one.rps} req/s, p99 ${one.p99} ms`);
    }
    products.push(await startProduct({ buildDir, dataDir: scratch[1], env }));
    for (const s of SCENARIOS) {
      const two = await measure(products, s, s.auth ? token : undefined);
      const one = data.find((d) => d.path === s.path && d.processes === 1);
      data.push({ ...s, processes: 2, ...two });
      console.log(`  2 processus  ${s.path}: ${two.rps} req/s, p99 ${two.p99} ms`);
      rows.push([
        s.group,
        `GET ${s.path}`,
        one.rps,
        `${one.p50} ms`,
        `${one.p99} ms`,
        two.rps,
        `${two.p50} ms`,
        `${two.p99} ms`,
        one.bad + two.bad,
      ]);
    }
    writeJson('two-process.json', { machine: m, durationSeconds: DURATION, connections: CONNECTIONS, results: data });
    const table = markdownTable(
      ['group', 'request', '1 process req/s', 'p50', 'p99', '2 processes req/s', 'p50', 'p99', 'errors / non-2xx'],
      rows,
    );
    console.log(`\n${table}\n`);
    updateReadme(
      'scale',
      [
        '### Several processes on PostgreSQL (`npm run bench`, second part; `npm run bench:scale` alone)',
        '',
        `The same seeded volumes copied into PostgreSQL 15 on 127.0.0.1, with Redis (REDIS_URL) for the counters; ${CONNECTIONS} connections for ${DURATION} s, split evenly between the processes (no proxy in between; with two processes p50/p99 are the slower process's).`,
        '',
        table,
        '',
        machineLine(m),
      ].join('\n'),
    );
  } finally {
    await Promise.all(products.map((p) => p.stop()));
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
    for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
