import fs from 'node:fs'; import os from 'node:os'; import path from 'node:path';
import { BENCH_ADMIN, ensureBuild, startProduct } from '/work/main/scripts/bench/lib/product.mjs';
import { seedDatabase } from '/work/main/scripts/bench/lib/seed.mjs';
const buildDir = ensureBuild();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'diag-'));
const env = { RATE_LIMIT_LOGIN: '1000000000', LOG_LEVEL: 'error' };
let server = await startProduct({ buildDir, dataDir, env }); await server.stop();
seedDatabase(path.join(dataDir, 'association.sqlite'), { users: 22500, donations: 1000, payments: 1000, testimonials: 50, volunteers: 50 });
server = await startProduct({ buildDir, dataDir, env });
const login = await (await fetch(`${server.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ telephone: BENCH_ADMIN.telephone, password: BENCH_ADMIN.password }) })).json();
for (const url of ['/api/users?role=membre&page=1&per_page=20', '/api/profile', '/assets/list-prefetch-f5a78665.js', '/dashboard-administrateur?vue=membres']) {
  const ts = [];
  for (let i = 0; i < 30; i++) { const t = performance.now(); const r = await fetch(server.url + url, { headers: { authorization: `Bearer ${login.token}`, 'accept-encoding': 'gzip, deflate, br' } }); await r.arrayBuffer(); ts.push(performance.now() - t); }
  ts.sort((a,b)=>a-b); console.log(url, 'first', ts.at(-1).toFixed(1), 'p50', ts[15].toFixed(2));
}
await server.stop();
