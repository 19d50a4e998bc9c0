// `npm run bench`: the built product on a scratch database with realistic volumes, measured with autocannon
// at 50 connections on loopback, next to a bare node:http server doing the same query on the same file.
// Prints a table, writes bench-results/latest.json and the README's benchmark section. Figures, not pass/fail.
import { fork } from 'node:child_process';
import { scryptSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { SCENARIOS } from './lib/endpoints.mjs';
import { BENCH_ADMIN, ensureBuild, freePort, startProduct } from './lib/product.mjs';
import { machine, machineLine, markdownTable, updateReadme, writeJson } from './lib/report.mjs';
import { seedDatabase } from './lib/seed.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ONLY = process.env.BENCH_ONLY?.split(',');

function load(url, scenario, token, shape = { connections: CONNECTIONS, duration: DURATION }) {
  let n = 0;
  const headers = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  return autocannon({
    url,
    ...shape,
    timeout: 30,
    requests: [
      {
        method: scenario.method,
        path: scenario.path,
        headers,
        ...(scenario.body ? { setupRequest: (req) => ({ ...req, body: JSON.stringify(scenario.body(n++)) }) } : {}),
      },
    ],
  });
}

const summarise = (r) => ({
  rps: Math.round(r.requests.average),
  p50: r.latency.p50,
  p99: r.latency.p99,
  total: r.requests.total,
  ok2xx: r['2xx'],
  non2xx: r.non2xx,
  errors: r.errors + r.timeouts,
});

/** Waits until the server has worked off the previous load (a quick health answer), so runs do not overlap. */
async function drain(url) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const t = performance.now();
    const res = await fetch(`${url}/api/health`).catch(() => null);
    await res?.arrayBuffer();
    if (res?.ok && performance.now() - t < 50) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function probe(url, scenario, token) {
  const res = await fetch(url + scenario.path, {
    method: scenario.method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: scenario.body ? JSON.stringify(scenario.body(1e9 + Math.floor(Math.random() * 1e6))) : undefined,
  });
  await res.arrayBuffer();
  return res.status;
}

/** One scrypt at the production cost, timed alone (median of 5) right before the login load. */
function scryptCost() {
  const N = 2 ** 15;
  const salt = randomBytes(16);
  const options = { N, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
  scryptSync('échauffement', salt, 32, options);
  const times = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    scryptSync(`mot-de-passe-${i}`, salt, 32, options);
    times.push(performance.now() - t);
  }
  const ms = times.sort((a, b) => a - b)[2];
  // libuv runs scrypt on its thread pool (4 threads by default), bounded by the cores.
  const parallel = Math.min(os.availableParallelism?.() ?? os.cpus().length, Number(process.env.UV_THREADPOOL_SIZE ?? 4));
  return { N, r: 8, p: 1, msPerHash: Number(ms.toFixed(1)), parallel, ceilingPerSecond: Number(((1000 / ms) * parallel).toFixed(1)) };
}

const fmt = (v, unit = '') => (v === null || v === undefined ? '—' : `${v}${unit}`);

async function main() {
  const m = machine();
  const buildDir = ensureBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assoc-bench-'));
  const env = { RATE_LIMIT_FORMS: '1000000000', RATE_LIMIT_LOGIN: '1000000000', LOG_LEVEL: 'error' };
  let server;
  let bare;
  try {
    console.log('▶ migration de la base de travail');
    server = await startProduct({ buildDir, dataDir, env });
    await server.stop();
    console.log('▶ données réalistes (100 000 dons, paiements, utilisateurs ; 1 000 témoignages et bénévoles)');
    const seeded = seedDatabase(path.join(dataDir, 'association.sqlite'));
    console.log(`  insérées en ${(seeded.ms / 1000).toFixed(1)} s`);
    server = await startProduct({ buildDir, dataDir, env });
    const running = server;
    let stopping = false;
    // A product that dies under load is a finding in itself: say so with its last output instead of a bare ECONNREFUSED.
    running.exited.then(({ code, signal }) => {
      if (!stopping)
        console.error(
          `✖ le produit s’est arrêté pendant la mesure (code ${code}, signal ${signal}) :\n${running.logs.join('').slice(-4000)}`,
        );
    });
    const stopServer = running.stop;
    running.stop = (...args) => {
      stopping = true;
      return stopServer(...args);
    };
    console.log(`▶ produit démarré (${server.startMs} ms jusqu’à la première réponse)`);

    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ telephone: BENCH_ADMIN.telephone, password: BENCH_ADMIN.password }),
    });
    const adminToken = login.ok ? (await login.json()).token : null;

    const barePort = await freePort();
    bare = fork(path.join(import.meta.dirname, 'lib/bare-server.mjs'), [path.join(dataDir, 'association.sqlite'), String(barePort)], {
      stdio: 'inherit',
    });
    await new Promise((resolve) => bare.once('message', resolve));
    const bareUrl = `http://127.0.0.1:${barePort}`;

    const results = [];
    let hash = null;
    for (const s of SCENARIOS) {
      if (s.id === 'login') hash = scryptCost();
      if (ONLY && !ONLY.includes(s.id)) continue;
      const token = s.auth === 'admin' ? adminToken : undefined;
      const status = await probe(server.url, s, token);
      const row = { id: s.id, group: s.group, method: s.method, path: s.path };
      if (status === 404 || status === 405) {
        results.push({ ...row, available: false, note: 'not available' });
        console.log(`  ${s.id}: non disponible (${status})`);
        continue;
      }
      if (status >= 300) {
        results.push({ ...row, available: false, note: `probe answered ${status}` });
        console.log(`  ${s.id}: la sonde répond ${status}, mesure ignorée`);
        continue;
      }
      // Latency of one request at a time (no queueing), then the load at CONNECTIONS connections.
      const alone = await load(server.url, s, token, { connections: 1, amount: s.id === 'login' ? 5 : 30 });
      await drain(server.url);
      const ours = summarise(await load(server.url, s, token));
      await drain(server.url);
      Object.assign(row, { available: true, ...ours, aloneP50: alone.latency.p50, aloneP99: alone.latency.p99 });
      if (s.bare) {
        const ref = summarise(await load(bareUrl, { ...s, path: `/${s.bare}` }));
        await drain(server.url);
        row.bare = ref;
        row.ratio = Number((ours.rps / ref.rps).toFixed(2));
      }
      results.push(row);
      console.log(
        `  ${s.id}: ${ours.rps} req/s, p50 ${ours.p50} ms, p99 ${ours.p99} ms${row.ratio ? `, ${Math.round(row.ratio * 100)} % du serveur nu` : ''}`,
      );
    }

    hash ??= scryptCost();
    // Issue #20 item 3: the memory of everything the start command leaves running (one process), idle after the load.
    const idle = await idleRss(server.child.pid);
    console.log(`  mémoire au repos après la charge : ${idle.rssMiB} MiB (RSS, 1 processus)`);
    const data = {
      idle,
      machine: m,
      durationSeconds: DURATION,
      connections: CONNECTIONS,
      seeded,
      startMs: server.startMs,
      scrypt: hash,
      results,
    };
    writeJson('latest.json', data);

    const rows = [];
    for (const r of results) {
      if (!r.available) {
        rows.push([r.group, `${r.method} ${r.path}`, '—', '—', '—', '—', '—', r.note]);
        continue;
      }
      let note = '';
      if (r.bare) note = `bare node:http: ${r.bare.rps} req/s, p99 ${r.bare.p99} ms → ours = **${Math.round(r.ratio * 100)} %**`;
      if (r.id === 'login')
        note = `scrypt N=2^15 alone: ${hash.msPerHash} ms/hash → ceiling ≈ ${hash.ceilingPerSecond}/s on ${hash.parallel} cores`;
      rows.push([
        r.group,
        `${r.method} ${r.path}`,
        fmt(r.aloneP50, ' ms'),
        r.rps,
        fmt(r.p50, ' ms'),
        fmt(r.p99, ' ms'),
        r.non2xx + r.errors,
        note,
      ]);
    }
    const table = markdownTable(['group', 'request', 'p50 alone', 'req/s', 'p50', 'p99', 'errors / non-2xx', 'note'], rows);
    console.log(`\n${table}\n`);
    updateReadme(
      'api',
      [
        `### API (\`npm run bench\`)`,
        '',
        `"p50 alone": one request at a time (latency without queueing); the next columns: ${CONNECTIONS} connections for ${DURATION} s on loopback. Scratch SQLite database with ${seeded.users.toLocaleString('en-US')} users, donations and payments, ${seeded.testimonials} published testimonials and confirmed volunteers. Built product start to first answer on that database: ${server.startMs} ms. Idle memory after this load run, everything the start command leaves running (one Node process, \`node --max-semi-space-size=2 scripts/start.mjs\`): **${idle.rssMiB} MiB RSS** (target ≤ 150 MiB; \`npm start\` adds npm's own process, ~58 MiB).`,
        '',
        table,
        '',
        machineLine(m),
      ].join('\n'),
    );
    console.log('bench-results/latest.json et README.md mis à jour');
  } finally {
    bare?.kill('SIGTERM');
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** RSS of the server after 10 s without requests, read from /proc (Linux). */
async function idleRss(pid) {
  await new Promise((r) => setTimeout(r, 10_000));
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? Number.NaN);
    return { pid, rssMiB: Math.round(kb / 1024), idleSeconds: 10 };
  } catch {
    return { pid, rssMiB: null, idleSeconds: 10 };
  }
}

await main();
