import fs from 'node:fs'; import os from 'node:os'; import path from 'node:path';
import { chromium } from 'playwright-core';
import { BENCH_ADMIN, ensureBuild, startProduct } from '/work/main/scripts/bench/lib/product.mjs';
import { seedDatabase } from '/work/main/scripts/bench/lib/seed.mjs';
const buildDir = ensureBuild();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'diag-'));
const env = { RATE_LIMIT_LOGIN: '1000000000', LOG_LEVEL: 'error' };
let server = await startProduct({ buildDir, dataDir, env }); await server.stop();
seedDatabase(path.join(dataDir, 'association.sqlite'), { users: 22500, donations: 1000, payments: 1000, testimonials: 50, volunteers: 50 });
server = await startProduct({ buildDir, dataDir, env });
const login = await (await fetch(`${server.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ telephone: BENCH_ADMIN.telephone, password: BENCH_ADMIN.password }) })).json();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
const storageState = { cookies: [], origins: [{ origin: server.url, localStorage: [ { name: 'token', value: login.token }, { name: 'role', value: login.user.role }, { name: 'user_id', value: String(login.user.id) }, { name: 'is_first_login', value: 'false' } ] }] };
const PROBE = `(() => { const tick = () => { if (document.querySelector('tbody tr')) { window.__firstRow = performance.now(); return; } requestAnimationFrame(tick); }; requestAnimationFrame(tick); })();`;
const cpu = Number(process.env.CPU ?? 1);
for (let i = 0; i < 3; i++) {
  const context = await browser.newContext({ viewport: cpu > 1 ? { width: 360, height: 740 } : { width: 1280, height: 800 }, storageState });
  await context.addInitScript(PROBE);
  for (const kind of ['cold', 'warm']) {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    if (cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    await page.goto(server.url + '/dashboard-administrateur?vue=membres', { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__firstRow !== undefined);
    await page.waitForTimeout(300);
    const t = await page.evaluate(() => ({ m: JSON.stringify(Object.fromEntries(Object.entries(window.__m||{}).map(([k,v])=>[k,Math.round(v)]))), first: window.__firstRow, fp: performance.getEntriesByType('paint').map(p => `${p.name}=${p.startTime.toFixed(0)}`).join(' '), nav: (() => { const n = performance.getEntriesByType('navigation')[0]; return `resp ${n.responseStart.toFixed(0)}-${n.responseEnd.toFixed(0)} dcl ${n.domContentLoadedEventStart.toFixed(0)}`; })(), res: performance.getEntriesByType('resource').filter(r => r.startTime < window.__firstRow + 50).map(r => `${r.name.replace(location.origin,'').slice(0,60)} ${r.startTime.toFixed(0)}→${r.responseEnd.toFixed(0)} ${r.transferSize}`) }));
    console.log(kind, "firstRow", t.first.toFixed(0), t.m, t.fp, t.nav); if (i < 2) console.log(t.res.join('\n'));
    await page.close();
  }
  await context.close();
}
await browser.close(); await server.stop();
