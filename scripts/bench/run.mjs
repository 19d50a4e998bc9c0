// `npm run bench`: the built product on a scratch database with realistic volumes, measured with autocannon
// at 50 connections on loopback, with the headers a browser sends (compression included) and request logging on
// as production runs it, next to a bare node:http server doing the same work (bare-server.mjs: the same bytes for a
// cached answer, the same query for an uncached one). Prints tables, writes bench-results/latest.json and the
// benchmark page (docs/benchmarks.md). Figures, not pass/fail.
import { fork } from 'node:child_process';
import { verifySync as argon2VerifySync } from '@node-rs/argon2';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SCENARIOS } from './lib/endpoints.mjs';
import { BROWSER_HEADERS, CONNECTIONS, DURATION, drain, load, measured, rawGet } from './lib/load.mjs';
import { BENCH_ADMIN, ensureBuild, freePort, startProduct } from './lib/product.mjs';
import { machine, machineLine, markdownTable, updateReadme, writeJson } from './lib/report.mjs';
import { productionHash, SEED_PASSWORD, seedDatabase } from './lib/seed.mjs';

const ONLY = process.env.BENCH_ONLY?.split(',');
// Production logs each request at `info`; BENCH_LOG_LEVEL=error measures without request logs.
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

async function probe(url, scenario, token) {
  const res = await fetch(url + scenario.path, {
    method: scenario.method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: scenario.body ? JSON.stringify(scenario.body(1e9 + Math.floor(Math.random() * 1e6))) : undefined,
  });
  await res.arrayBuffer();
  return res.status;
}

/** Mean time of one GET alone (sequential, after a warm-up) and the bytes on the wire, with the given Accept-Encoding. */
async function timedAlone(url, pathname, token, acceptEncoding, n = 100) {
  const headers = { ...BROWSER_HEADERS, 'accept-encoding': acceptEncoding, ...(token ? { authorization: `Bearer ${token}` } : {}) };
  for (let i = 0; i < 10; i++) await rawGet(url, pathname, headers);
  const t = performance.now();
  let res;
  for (let i = 0; i < n; i++) res = await rawGet(url, pathname, headers);
  return {
    ms: Number(((performance.now() - t) / n).toFixed(2)),
    bytes: res.body.length,
    encoding: res.headers['content-encoding'] ?? 'identity',
  };
}

/** One Argon2id verification at the production cost, timed alone (median of 5) right before the login load. */
function argon2Cost() {
  const stored = productionHash(SEED_PASSWORD);
  argon2VerifySync(stored, SEED_PASSWORD);
  const times = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    argon2VerifySync(stored, SEED_PASSWORD);
    times.push(performance.now() - t);
  }
  const ms = times.sort((a, b) => a - b)[2];
  // The product runs them on libuv's thread pool (4 threads by default), bounded by the cores.
  const parallel = Math.min(os.availableParallelism?.() ?? os.cpus().length, Number(process.env.UV_THREADPOOL_SIZE ?? 4));
  return { msPerHash: Number(ms.toFixed(1)), parallel, ceilingPerSecond: Number(((1000 / ms) * parallel).toFixed(1)) };
}

const fmt = (v, unit = '') => (v === null || v === undefined ? '—' : `${v}${unit}`);

async function main() {
  const m = machine();
  const buildDir = ensureBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assoc-bench-'));
  const env = { RATE_LIMIT_FORMS: '1000000000', RATE_LIMIT_LOGIN: '1000000000', LOG_LEVEL };
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
      if (s.id === 'login') hash = argon2Cost();
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
      const ours = await measured(server.child.pid, () =>
        load(server.url, s, token, { connections: s.connections ?? CONNECTIONS, duration: DURATION }),
      );
      await drain(server.url);
      Object.assign(row, { available: true, ...ours, aloneP50: alone.latency.p50, aloneP99: alone.latency.p99 });
      if (s.bare) {
        if (s.bare.startsWith('replay/')) {
          // The bytes and headers a browser gets from us, served back by the bare server (IPC) without any work.
          const sent = await rawGet(server.url, s.path, { ...BROWSER_HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}) });
          const keep = ['content-type', 'content-encoding', 'content-length', 'vary', 'x-total-count', 'cache-control'];
          const headers = Object.fromEntries(keep.filter((h) => sent.headers[h] !== undefined).map((h) => [h, sent.headers[h]]));
          bare.send({ replay: { name: s.bare.slice('replay/'.length), headers, body: sent.body.toString('base64') } });
          await new Promise((r) => setTimeout(r, 100));
        }
        // On a shared machine the load moves between two runs: alternate ours and bare ROUNDS times and keep the
        // median ratio, with the CPU time each process spent per request (steadier than req/s under contention).
        const rounds = [];
        for (let i = 0; i < ROUNDS; i++) {
          const mine = i === 0 ? ours : await measured(server.child.pid, () => load(server.url, s, token));
          await drain(server.url);
          const ref = await measured(bare.pid, () => load(bareUrl, { ...s, path: `/${s.bare}` }));
          await drain(server.url);
          rounds.push({ mine, ref, ratio: mine.rps / ref.rps });
        }
        rounds.sort((a, b) => a.ratio - b.ratio);
        const mid = rounds[Math.floor(rounds.length / 2)];
        Object.assign(row, mid.mine);
        row.bare = { ...mid.ref, path: `/${s.bare}` };
        row.ratio = Number(mid.ratio.toFixed(2));
        row.rounds = rounds.map((r) => Number(r.ratio.toFixed(2)));
      }
      results.push(row);
      console.log(
        `  ${s.id}: ${ours.rps} req/s, p50 ${ours.p50} ms, p99 ${ours.p99} ms${row.ratio ? `, ${Math.round(row.ratio * 100)} % du serveur nu` : ''}`,
      );
    }

    // Compression as a browser asks for it: each JSON answer alone, identity vs browser Accept-Encoding.
    const compression = [];
    for (const s of SCENARIOS) {
      if (s.method !== 'GET' || (ONLY && !ONLY.includes(s.id))) continue;
      if (!results.find((r) => r.id === s.id)?.available) continue;
      const token = s.auth === 'admin' ? adminToken : undefined;
      const plain = await timedAlone(server.url, s.path, token, 'identity');
      const browser = await timedAlone(server.url, s.path, token, BROWSER_HEADERS['accept-encoding']);
      compression.push({ id: s.id, path: s.path, plain, browser, ratio: Number((browser.ms / plain.ms).toFixed(2)) });
      console.log(`  ${s.id}: ${plain.bytes} o en ${plain.ms} ms → ${browser.encoding} ${browser.bytes} o en ${browser.ms} ms`);
    }

    hash ??= argon2Cost();
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
      argon2id: hash,
      logLevel: LOG_LEVEL,
      results,
      compression,
    };
    if (!ONLY && !process.argv.includes('--no-readme')) writeJson('latest.json', data);

    const rows = [];
    for (const r of results) {
      if (!r.available) {
        rows.push([r.group, `${r.method} ${r.path}`, '—', '—', '—', '—', '—', r.note]);
        continue;
      }
      let note = '';
      if (r.bare)
        note = `bare node:http ${r.bare.path.startsWith('/replay') ? 'replaying our bytes' : 'running the same query'}: ${r.bare.rps} req/s, p99 ${r.bare.p99} ms → ours = **${Math.round(r.ratio * 100)} %** (median of ${r.rounds.length} alternated runs: ${r.rounds.map((x) => `${Math.round(x * 100)} %`).join(', ')}); CPU per request ${r.cpuUsPerRequest} µs vs ${r.bare.cpuUsPerRequest} µs`;
      if (r.id === 'login')
        note = `Argon2id (19 MiB, 2 passes) verified alone: ${hash.msPerHash} ms → ceiling ≈ ${hash.ceilingPerSecond}/s on ${hash.parallel} cores; 8 connections, a different account each request`;
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
    const compressionTable = markdownTable(
      ['request', 'identity', 'browser (gzip, deflate, br)', 'time ×'],
      compression.map((c) => [
        `GET ${c.path}`,
        `${c.plain.bytes} B, ${c.plain.ms} ms`,
        `${c.browser.encoding} ${c.browser.bytes} B, ${c.browser.ms} ms`,
        `${c.ratio}`,
      ]),
    );
    console.log(`\n${table}\n\n${compressionTable}\n`);
    // A partial run (BENCH_ONLY) or --no-readme prints its figures and leaves docs/benchmarks.md alone.
    if (ONLY || process.argv.includes('--no-readme')) return;
    updateReadme(
      'api',
      [
        `### API (\`npm run bench\`)`,
        '',
        `"p50 alone": one request at a time (latency without queueing); the next columns: ${CONNECTIONS} connections for ${DURATION} s on loopback, every request with a browser's headers (\`Accept-Encoding: gzip, deflate, br\`), the product logging at \`${LOG_LEVEL}\` (production: \`info\`, one line per request). Scratch SQLite database with ${seeded.users.toLocaleString('en-US')} users, donations and payments, ${seeded.testimonials} published testimonials and confirmed volunteers. Built product start to first answer on that database: ${server.startMs} ms. The bare node:http reference does the same work with nothing else: it replays our exact bytes for a cached answer, runs the same query for an uncached one. Idle memory after this load run, everything the start command leaves running (one Node process, \`node --max-semi-space-size=2 scripts/start.mjs\`): **${idle.rssMiB} MiB RSS** (target ≤ 150 MiB; \`npm start\` adds npm's own process, ~58 MiB).`,
        '',
        table,
        '',
        'Compression (each answer alone, mean of 100 sequential requests): the cost a browser pays for asking for it.',
        '',
        compressionTable,
        '',
        machineLine(m),
      ].join('\n'),
    );
    console.log('bench-results/latest.json et docs/benchmarks.md mis à jour');
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
