// `npm run bench` (second part): the public reads as the README's start command runs them — `node
// --max-semi-space-size=2 scripts/start.mjs` (what `npm start` execs), a fresh data folder, no setting but the
// first administrator, logging at its default level with standard output captured in a file as a service manager
// would — against a bare node:http server replaying the exact bytes. Five alternated rounds per route; prints the
// median AND the worst ratio, so a budget met only on a good round shows as missed (budget: ≥ 0.55 of bare, issue #43).
import { fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BROWSER_HEADERS, drain, load, measured, rawGet } from './lib/load.mjs';
import { BENCH_ADMIN, ensureBuild, freePort, ROOT } from './lib/product.mjs';
import { machine, machineLine, markdownTable, updateReadme, writeJson } from './lib/report.mjs';

const ROUNDS = Number(process.env.BENCH_START_ROUNDS ?? 5);
const BUDGET = 0.55;
const ROUTES = [
  { id: 'testimonials', path: '/api/testimonials' },
  { id: 'volunteers', path: '/api/volunteers' },
];

async function waitFor(url, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await fetch(url).catch(() => null);
    if (res?.ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} n’a pas répondu`);
}

async function main() {
  const m = machine();
  ensureBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assoc-bench-start-'));
  const logFile = path.join(dataDir, 'server.log');
  const port = await freePort();
  const out = fs.openSync(logFile, 'a');
  // Exactly the start command, with only what a first start needs (README): no LOG_LEVEL, no NODE_ENV.
  const child = spawn(process.execPath, ['--max-semi-space-size=2', path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_TELEPHONE: BENCH_ADMIN.telephone,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
    },
    stdio: ['ignore', out, out],
  });
  const url = `http://127.0.0.1:${port}`;
  let bare;
  try {
    await waitFor(`${url}/api/health`);
    const barePort = await freePort();
    bare = fork(path.join(import.meta.dirname, 'lib/bare-server.mjs'), [path.join(dataDir, 'association.sqlite'), String(barePort)], {
      stdio: 'inherit',
    });
    await new Promise((resolve) => bare.once('message', resolve));
    const bareUrl = `http://127.0.0.1:${barePort}`;
    const rows = [];
    const data = [];
    for (const route of ROUTES) {
      const sent = await rawGet(url, route.path, BROWSER_HEADERS);
      const keep = ['content-type', 'content-encoding', 'content-length', 'vary', 'x-total-count', 'cache-control'];
      const headers = Object.fromEntries(keep.filter((h) => sent.headers[h] !== undefined).map((h) => [h, sent.headers[h]]));
      bare.send({ replay: { name: route.id, headers, body: sent.body.toString('base64') } });
      await new Promise((r) => setTimeout(r, 100));
      const scenario = { method: 'GET', path: route.path };
      await load(url, scenario, undefined, { connections: 10, duration: 1 }); // warm-up
      const rounds = [];
      for (let i = 0; i < ROUNDS; i++) {
        await drain(url);
        const mine = await measured(child.pid, () => load(url, scenario));
        await drain(url);
        const ref = await measured(bare.pid, () => load(bareUrl, { ...scenario, path: `/replay/${route.id}` }));
        rounds.push({ mine, ref, ratio: Number((mine.rps / ref.rps).toFixed(2)) });
        console.log(`  ${route.path} round ${i + 1}: ${mine.rps} vs ${ref.rps} req/s → ${rounds.at(-1).ratio}`);
      }
      const ratios = rounds.map((r) => r.ratio).sort((a, b) => a - b);
      const median = ratios[Math.floor(ratios.length / 2)];
      const worst = ratios[0];
      data.push({ ...route, rounds, median, worst, bytes: sent.body.length, encoding: sent.headers['content-encoding'] ?? 'identity' });
      const mid = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
      const cpu = `${mid(rounds.map((r) => r.mine.cpuUsPerRequest))} µs vs ${mid(rounds.map((r) => r.ref.cpuUsPerRequest))} µs`;
      const rps = `${mid(rounds.map((r) => r.mine.rps))} vs ${mid(rounds.map((r) => r.ref.rps))}`;
      rows.push([`\`GET ${route.path}\``, rps, cpu, `${median}`, `**${worst}**`, ratios.join(' / '), worst >= BUDGET ? '✅' : '❌']);
    }
    const table = markdownTable(
      [
        'route (start command)',
        'req/s ours vs bare (medians)',
        'CPU per request ours vs bare (medians)',
        'median ratio',
        'worst of rounds',
        'every round',
        `≥ ${BUDGET} in every round`,
      ],
      rows,
    );
    console.log(`\n${table}\n`);
    const logBytes = fs.statSync(logFile).size;
    writeJson('start-command.json', { machine: m, rounds: ROUNDS, routes: data, logBytes });
    if (process.argv.includes('--no-readme')) return;
    const bodies = data.map((r) => `${r.path} ${r.bytes} B ${r.encoding}`).join(', ');
    updateReadme(
      'start',
      [
        '### Public reads as the start command runs them (`npm run bench`, second part; `npm run bench:start` alone)',
        '',
        `\`node --max-semi-space-size=2 scripts/start.mjs\` (what \`npm start\` execs) on a fresh data folder with only the first administrator set, logging at its default level (\`info\`, one line per request) into a file as a service manager would (${(logBytes / 1048576).toFixed(1)} MiB written during the run); 50 connections, ${ROUNDS} rounds alternated with the bare node:http server replaying the same bytes (${bodies}). Judged by the worst round. How this differs from the table above: [docs/decisions/bench-harnesses.md](decisions/bench-harnesses.md).`,
        '',
        table,
        '',
        machineLine(m),
      ].join('\n'),
    );
  } finally {
    bare?.kill('SIGTERM');
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.closeSync(out);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
