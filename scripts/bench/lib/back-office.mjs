// The back office beside a bare static page (issue #20 items 1 and 4): the members list's first row painted, cold and
// warm, on desktop and on a 360 px phone with a 4× slower CPU, against a page holding the same 20 rows served by
// node:http (no script, the same opener policy) in the same run, alternating the two. Both are timed by the same
// probe: the animation frame in which a `tbody tr` first exists (the frame that paints it), from the navigation's start.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { findChromium, launchChromium } from '../../../e2e/helpers/chromium.mjs';
import { BENCH_ADMIN, ensureBuild, startProduct } from './product.mjs';
import { seedDatabase } from './seed.mjs';

export const BACK_OFFICE_TARGETS = { desktop: { cold: 3.0, warm: 2.8 }, phone: { cold: 2.6, warm: 2.1 } };
const FORMS = {
  desktop: { context: { viewport: { width: 1280, height: 800 } }, cpu: 1 },
  phone: { context: { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }, cpu: 4 },
};
const LIST_PATH = '/dashboard-administrateur?vue=membres';
const API_FIRST_PAGE = '/api/users?role=membre&page=1&per_page=20';

// Runs in every document before its own scripts.
const PROBE = `(() => {
  const tick = () => {
    if (document.querySelector('tbody tr')) { window.__firstRow = performance.now(); return; }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

const escapeHtml = (s) => String(s ?? '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

// The floor answers with the product's Cross-Origin-Opener-Policy (helmet's, on every response): a page that sets it
// is moved out of the fresh tab's about:blank into a new renderer process, ~70 ms on @sparticuz's Chromium (no
// zygote) and ~40 ms with one. Without it the floor skipped that cost and the ratio measured the header, not the page.
const FLOOR_HEADERS = { 'cross-origin-opener-policy': 'same-origin' };

/** The floor: the same 20 rows in a plain HTML table, revalidated by ETag like any static file. */
function startStaticFloor(rows) {
  const body = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Les Membres</title></head><body><h1>Les Membres</h1><table><thead><tr><th>Nom</th><th>Email</th><th>Téléphone</th><th>Ville</th></tr></thead><tbody>${rows
    .map(
      (r) =>
        `<tr><td>${escapeHtml(r.name)}</td><td>${escapeHtml(r.email)}</td><td>${escapeHtml(r.telephone)}</td><td>${escapeHtml(r.zone)}</td></tr>`,
    )
    .join('')}</tbody></table></body></html>`;
  const etag = `"${Buffer.byteLength(body)}-${rows[0]?.id ?? 0}"`;
  const server = http.createServer((req, res) => {
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, { ...FLOOR_HEADERS, etag, 'cache-control': 'no-cache' });
      res.end();
      return;
    }
    res.writeHead(200, { ...FLOOR_HEADERS, 'content-type': 'text/html; charset=utf-8', etag, 'cache-control': 'no-cache' });
    res.end(body);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() })),
  );
}

/** One navigation: ms to the first row's frame, and the requests and bytes on the wire until then. */
async function visit(context, url, cpu) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  let requests = 0;
  let bytes = 0;
  cdp.on('Network.loadingFinished', (e) => {
    requests += 1;
    bytes += e.encodedDataLength;
  });
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.__firstRow !== undefined, null, { timeout: 30_000 });
  const ms = await page.evaluate(() => window.__firstRow);
  const result = { ms, requests, bytes };
  await page.close();
  return result;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Seeds ~10 000 members into a scratch product, measures, and returns the figures and a Markdown table. */
export async function runBackOfficeBench({
  runs = Number(process.env.BACK_OFFICE_RUNS ?? 9),
  log = console.log,
  buildDir = ensureBuild(),
} = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assoc-bench-bo-'));
  const env = { RATE_LIMIT_LOGIN: '1000000000', LOG_LEVEL: 'error' };
  let server = await startProduct({ buildDir, dataDir, env });
  await server.stop();
  // 22 500 accounts, of which 4 in 9 are members: ~10 000 members, as in the issue's comparison.
  seedDatabase(path.join(dataDir, 'association.sqlite'), {
    users: 22_500,
    donations: 1000,
    payments: 1000,
    testimonials: 50,
    volunteers: 50,
  });
  server = await startProduct({ buildDir, dataDir, env });
  const browserSource = (await findChromium()).source;
  const browser = await launchChromium();
  let floor;
  try {
    const login = await (
      await fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ telephone: BENCH_ADMIN.telephone, password: BENCH_ADMIN.password }),
      })
    ).json();
    const first = await fetch(server.url + API_FIRST_PAGE, { headers: { authorization: `Bearer ${login.token}` } });
    const total = Number(first.headers.get('x-total-count'));
    floor = await startStaticFloor(await first.json());
    const storageState = {
      cookies: [],
      origins: [
        {
          origin: server.url,
          localStorage: [
            { name: 'token', value: login.token },
            { name: 'role', value: login.user.role },
            { name: 'user_id', value: String(login.user.id) },
            { name: 'is_first_login', value: 'false' },
          ],
        },
      ],
    };
    const results = {};
    for (const [form, spec] of Object.entries(FORMS)) {
      log(`▶ back office, ${form}: ${runs} passes (static floor and members list alternated, cold then warm)`);
      const samples = { ours: { cold: [], warm: [] }, floor: { cold: [], warm: [] } };
      let coldWire = null;
      for (let i = 0; i < runs; i++) {
        for (const [who, url] of [
          ['floor', floor.url],
          ['ours', server.url + LIST_PATH],
        ]) {
          const context = await browser.newContext({ ...spec.context, ...(who === 'ours' ? { storageState } : {}) });
          await context.addInitScript(PROBE);
          const cold = await visit(context, url, spec.cpu);
          const warm = await visit(context, url, spec.cpu);
          await context.close();
          samples[who].cold.push(cold.ms);
          samples[who].warm.push(warm.ms);
          if (who === 'ours' && i === 0) coldWire = cold;
        }
      }
      const m = (who, kind) => Math.round(median(samples[who][kind]));
      results[form] = {
        ours: { cold: m('ours', 'cold'), warm: m('ours', 'warm') },
        floor: { cold: m('floor', 'cold'), warm: m('floor', 'warm') },
        requests: coldWire.requests,
        bytes: coldWire.bytes,
      };
      results[form].ratio = {
        cold: Number((results[form].ours.cold / results[form].floor.cold).toFixed(2)),
        warm: Number((results[form].ours.warm / results[form].floor.warm).toFixed(2)),
      };
    }
    return {
      members: total,
      runs,
      results,
      targets: BACK_OFFICE_TARGETS,
      browser: browserSource,
      markdown: backOfficeMarkdown(results, total, runs, browserSource),
    };
  } finally {
    floor?.close();
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const BROWSER_NAMES = {
  debian: "Debian's Chromium",
  npm: "@sparticuz/chromium's Chromium",
  CHROMIUM_PATH: 'the Chromium of CHROMIUM_PATH',
};

function backOfficeMarkdown(results, members, runs, browserSource) {
  const ok = (v, target) => (v <= target ? '✅' : '❌');
  const rows = [];
  for (const [form, r] of Object.entries(results)) {
    const label = form === 'desktop' ? 'desktop 1280 px' : 'phone 360 px, CPU 4× slower';
    for (const kind of ['cold', 'warm']) {
      const target = BACK_OFFICE_TARGETS[form][kind];
      rows.push([
        `${label}, ${kind}`,
        `${r.ours[kind]} ms`,
        `${r.floor[kind]} ms`,
        `**${r.ratio[kind]}** ${ok(r.ratio[kind], target)}`,
        `≤ ${target}`,
        kind === 'cold' ? `${r.requests}, ${(r.bytes / 1024).toFixed(0)} KB` : '',
      ]);
    }
  }
  const head =
    '| view | ours: first member painted | static floor (node:http, same 20 rows) | ratio | target (issue #20) | requests, bytes before the row (cold) |';
  const line = '| --- | --- | --- | --- | --- | --- |';
  return [
    '### Back office: members list (`npm run bench:web`)',
    '',
    `\`/dashboard-administrateur?vue=membres\` on ${members.toLocaleString('en')} members, ${BROWSER_NAMES[browserSource] ?? browserSource}; medians of ${runs} passes alternating our page and a bare static page holding the same 20 rows served by \`node:http\` with the product's \`Cross-Origin-Opener-Policy\` (the floor). Cold: empty cache; warm: the same page opened again.`,
    '',
    head,
    line,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}
