// @ts-expect-error autocannon ships no types (a load generator, used as documented)
import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTACT,
  DURATION_S,
  FAST_ENV,
  isAvailable,
  openDb,
  reliabilityBuild,
  removeDir,
  runId,
  scratchDataDir,
  startProduct,
} from './helpers';

type Product = Awaited<ReturnType<typeof startProduct>>;

// Every write the load generator can send: the body carries a unique e-mail, and the table it must land in.
const WRITES = [
  { path: '/api/contact', table: 'contact_messages', body: (email: string) => CONTACT(email) },
  { path: '/api/subscribe', table: 'newsletter_subscriptions', body: (email: string) => ({ email }) },
];
const READS = ['/api/testimonials', '/api/volunteers', '/api/health'];

describe(`${DURATION_S} s of mixed reads and writes at 100 connections`, () => {
  let dataDir: string;
  let product: Product;

  beforeAll(async () => {
    const buildDir = reliabilityBuild();
    dataDir = scratchDataDir('load');
    product = await startProduct({ buildDir, dataDir, env: FAST_ENV });
  });
  afterAll(async () => {
    await product?.stop('SIGKILL');
    removeDir(dataDir);
  });

  it('answers no 5xx and every acknowledged write is in the database afterwards', async () => {
    const id = runId();
    const reads = [];
    for (const p of READS) if (await isAvailable(product.url, 'GET', p)) reads.push(p);
    const writes = [];
    for (const w of WRITES) if (await isAvailable(product.url, 'POST', w.path, w.body(`sonde.${id}@exemple.bj`))) writes.push(w);
    console.info(`reliability load: reads ${reads.join(', ')}; writes ${writes.map((w) => w.path).join(', ') || 'none yet'}`);

    const statuses = new Map<number, number>();
    const acked = new Map<string, Set<string>>(writes.map((w) => [w.table, new Set()]));
    let n = 0;
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    const requests: autocannon.Request[] = [
      ...reads.map((p) => ({ method: 'GET' as const, path: p, onResponse: (status: number) => count(status) })),
      ...writes.map((w) => ({
        method: 'POST' as const,
        path: w.path,
        headers: { 'content-type': 'application/json' },
        setupRequest: (req: any, context: any) => {
          context.email = `charge.${id}.${n++}@exemple.bj`;
          return { ...req, body: JSON.stringify(w.body(context.email)) };
        },
        onResponse: (status: number, _body: string, context: any) => {
          count(status);
          if (status >= 200 && status < 300) acked.get(w.table)!.add(context.email);
        },
      })),
    ];
    // Interleave so every connection alternates reads and writes.
    const result = await autocannon({ url: product.url, connections: 100, duration: DURATION_S, timeout: 10, requests });

    const fiveXx = [...statuses].filter(([s]) => s >= 500).reduce((a, [, c]) => a + c, 0);
    console.info(
      `reliability load: ${result.requests.total} requests, ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, statuses ${JSON.stringify(Object.fromEntries(statuses))}, errors ${result.errors}, timeouts ${result.timeouts}`,
    );
    expect(fiveXx).toBe(0);
    expect(result.errors).toBe(0);
    expect(result.requests.total).toBeGreaterThan(0);

    // Stop gracefully, then read the file the product wrote.
    const exit = await product.stop('SIGTERM');
    expect(exit.code).toBe(0);
    const db = openDb(dataDir);
    try {
      for (const w of writes) {
        const emails = acked.get(w.table)!;
        const stored = new Set((db.prepare(`select email from ${w.table}`).all() as { email: string }[]).map((r) => r.email));
        const missing = [...emails].filter((e) => !stored.has(e));
        console.info(`reliability load: ${w.table}: ${emails.size} acknowledged writes, ${missing.length} missing`);
        expect(emails.size).toBeGreaterThan(0);
        expect(missing).toEqual([]);
      }
    } finally {
      db.close();
    }
  });
});
