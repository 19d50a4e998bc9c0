import http from 'node:http';
import v8 from 'node:v8';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/api/src/app';
import { sampleLoopDelay } from '../../apps/api/test/helpers/event-loop-delay';
import { createTestApp, type TestApp } from '../../apps/api/test/helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../../apps/api/test/helpers/users';
import { seedDonations } from '../../apps/api/test/scale/seed-money';

// PostgreSQL fills its trigram indexes row by row: fewer rows there keep the test's set-up short.
const ROWS = Number(process.env.EXPORT_ROWS ?? (process.env.TEST_DATABASE_URL ? 10_000 : 100_000));
const ZIP_DONORS = 400;
let t: TestApp;
let admin: SeededUser;
let base: string;
let logged: string[] = [];
let logging: FastifyInstance;
let loggingBase: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
  await seedDonations(t.db, ROWS);
  // A smaller year for the receipts ZIP that runs beside the export.
  await seedDonations(t.db, ZIP_DONORS, 2024, ROWS);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  // The same product over the same database, with its logs kept (to check what an aborted download writes).
  const logStream = new PassThrough();
  logStream.on('data', (line: Buffer) => logged.push(line.toString()));
  logging = await buildApp({ config: { ...t.config, logLevel: 'info' }, db: t.db, logStream, webDir: t.dataDir });
  await logging.listen({ port: 0, host: '127.0.0.1' });
  loggingBase = `http://127.0.0.1:${(logging.server.address() as AddressInfo).port}`;
}, 240_000);
afterAll(async () => {
  await logging?.close();
  await t?.close();
});

/** Bytes the young-generation collections moved to the old generation while `run` ran (v8.GCProfiler). */
async function promotedDuring<T>(run: () => Promise<T>): Promise<{ result: T; promoted: number }> {
  const profiler = new v8.GCProfiler();
  profiler.start();
  const result = await run();
  const oldSpace = (heap: { heapSpaceStatistics: Array<{ spaceName: string; spaceUsedSize: number }> }) =>
    heap.heapSpaceStatistics.find((s) => s.spaceName === 'old_space')?.spaceUsedSize ?? 0;
  let promoted = 0;
  for (const gc of profiler.stop()?.statistics ?? []) {
    if (gc.gcType === 'Scavenge') promoted += Math.max(0, oldSpace(gc.afterGC) - oldSpace(gc.beforeGC));
  }
  return { result, promoted };
}

/** Streams the export through gzip, counting lines, sampling this process's RSS every 5 ms. */
function download(url: string, opts: { abortAfter?: number; encoding?: string } = {}) {
  return new Promise<{ lines: number; peak: number; start: number; status: number }>((resolve, reject) => {
    global.gc?.();
    const start = process.memoryUsage.rss();
    let peak = start;
    const timer = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
    }, 5);
    const req = http.get(url, { headers: { ...bearer(admin.token), 'accept-encoding': opts.encoding ?? 'gzip' } }, (res) => {
      let lines = 0;
      let bytes = 0;
      const body = res.headers['content-encoding'] === 'gzip' ? res.pipe(zlib.createGunzip()) : res;
      body.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
        if (opts.abortAfter && bytes > opts.abortAfter) {
          req.destroy();
          clearInterval(timer);
          resolve({ lines, peak, start, status: res.statusCode ?? 0 });
        }
      });
      body.on('end', () => {
        clearInterval(timer);
        resolve({ lines, peak, start, status: res.statusCode ?? 0 });
      });
      body.on('error', reject);
    });
    req.on('error', (err) => (opts.abortAfter ? undefined : reject(err)));
  });
}

describe('a big CSV export', () => {
  it(`streams ${ROWS} rows with a flat memory`, async () => {
    const started = Date.now();
    const r = await download(`${base}/api/donations?format=csv`);
    const ms = Date.now() - started;
    const growth = (r.peak - r.start) / 2 ** 20;
    console.log(`export ${ROWS}: ${ms} ms, peak RSS growth ${growth.toFixed(1)} MiB`);
    expect(r.status).toBe(200);
    expect(r.lines).toBe(ROWS + ZIP_DONORS + 1); // the header row, then one line per donation
    expect(growth).toBeLessThan(32);
  }, 60_000);

  // What grew a million-row export's RSS by 123 MiB on PostgreSQL (docs/benchmarks.md, « CSV export memory on
  // PostgreSQL »): read through pg's promise API, nearly every row was promoted to the old generation (~660 bytes a
  // row here, under 20 through its callbacks), to stay there as garbage until a full collection. Counted per row
  // after a warm-up run, this shows at 10 000 rows what the RSS shows only at hundreds of thousands.
  it('leaves the rows it reads to the young generation (bytes promoted per row)', async () => {
    await download(`${base}/api/donations?format=csv`);
    const runs = Math.ceil(30_000 / ROWS);
    const { result, promoted } = await promotedDuring(async () => {
      let lines = 0;
      for (let i = 0; i < runs; i++) lines += (await download(`${base}/api/donations?format=csv`)).lines - 1;
      return { lines };
    });
    const perRow = promoted / result.lines;
    console.log(`export ${ROWS} × ${runs}: ${(promoted / 2 ** 20).toFixed(1)} MiB promoted, ${perRow.toFixed(0)} bytes a row`);
    expect(result.lines).toBe(runs * (ROWS + ZIP_DONORS));
    expect(perRow).toBeLessThan(150);
  }, 60_000);

  it('stops quietly when the client goes away mid-file: no error, no warning in the logs', async () => {
    logged = [];
    for (const encoding of ['gzip', 'identity']) {
      await download(`${loggingBase}/api/donations?format=csv`, { abortAfter: 200_000, encoding });
    }
    // Let the server notice the closed sockets.
    await new Promise((r) => setTimeout(r, 300));
    const levels = logged
      .flatMap((l) => l.split('\n'))
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { level: number; msg: string });
    expect(levels.filter((l) => l.level >= 40)).toEqual([]);
  }, 30_000);

  // The export reads SQLite on the request thread in batches of a few milliseconds with the loop free between
  // them, and the ZIP's PDFs are made in a worker thread: our own work never holds a timer back 50 ms (p99). The
  // raw delay is printed too; on a shared machine it also holds the time the OS ran other processes
  // (helpers/event-loop-delay.ts).
  it('keeps the event loop answering while a full export and a receipts ZIP run (p99 delay under 50 ms)', async () => {
    const delay = sampleLoopDelay();
    const job = await t.app.inject({
      method: 'POST',
      url: '/api/admin/year-receipts/zip-jobs',
      headers: bearer(admin.token),
      payload: { year: 2024 },
    });
    expect(job.statusCode).toBe(202);
    const exported = await download(`${base}/api/donations?format=csv`);
    let status = 'running';
    while (status === 'running') {
      await new Promise((r) => setTimeout(r, 50));
      status = (
        await t.app.inject({ method: 'GET', url: `/api/admin/year-receipts/zip-jobs/${job.json().id}`, headers: bearer(admin.token) })
      ).json().status;
    }
    const { samples, raw, own } = delay.stop();
    console.log(
      `event loop delay during export + ZIP (${samples} samples): ours p50 ${own.p50} ms, p99 ${own.p99} ms, max ${own.max} ms; ` +
        `with the machine's other processes p50 ${raw.p50} ms, p99 ${raw.p99} ms, max ${raw.max} ms`,
    );
    expect(exported.lines).toBe(ROWS + ZIP_DONORS + 1);
    expect(status).toBe('done');
    expect(own.p99).toBeLessThan(50);
  }, 120_000);
});
