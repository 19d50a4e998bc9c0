import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makePdf } from '../../apps/api/test/public-site/fixtures';
import { FAST_ENV, openDb, reliabilityBuild, removeDir, scratchDataDir, startProduct } from './helpers';

type Product = Awaited<ReturnType<typeof startProduct>>;

// #15 item 4: 200 volunteer registrations at once, every file at its maximum size (5 MB × 4 documents + a 5 MB
// photo ≈ 25 MB each, 5 GB in all). Uploads are streamed to size-capped temporary files and capped in number
// per process, so the server's memory stays bounded. The peak RSS is printed (target < 400 MB), not timed.

const CONCURRENT = Number(process.env.UPLOAD_MEMORY_CONCURRENCY ?? 200);
const MB = 1024 * 1024;
const BOUNDARY = '----reliability-upload-memory';

/** A PNG of exactly `size` bytes: signature, IHDR, one big private chunk, IEND (walked by chunk lengths). */
function bigPng(size: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    return Buffer.concat([head, data, Buffer.alloc(4)]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const fixed = 8 + chunk('IHDR', ihdr).length + chunk('IEND', Buffer.alloc(0)).length + 12;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('zzZZ', Buffer.alloc(size - fixed, 0x41)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const filePart = (name: string, filename: string, type: string, data: Buffer) =>
  Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    data,
    Buffer.from('\r\n'),
  ]);

function rssOf(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
}

describe('memory under concurrent maximum-size uploads', () => {
  let dataDir: string | undefined;
  let product: Product | undefined;
  afterAll(async () => {
    await product?.stop('SIGKILL');
    removeDir(dataDir);
  });

  it(`stays bounded with ${CONCURRENT} volunteer registrations of ~25 MB at once`, async () => {
    const buildDir = reliabilityBuild();
    dataDir = scratchDataDir('upload-memory');
    product = await startProduct({ buildDir, dataDir, env: FAST_ENV });
    const pid = product.child.pid!;
    // One shared copy of the files in the test process; each request only adds its own text fields.
    const files = Buffer.concat([
      filePart('profile_image', 'moi.png', 'image/png', bigPng(5 * MB)),
      filePart('cv', 'cv.pdf', 'application/pdf', makePdf(5 * MB)),
      filePart('motivation_letter', 'lettre.pdf', 'application/pdf', makePdf(5 * MB)),
      filePart('criminal_record', 'casier.pdf', 'application/pdf', makePdf(5 * MB)),
      Buffer.from(`--${BOUNDARY}--\r\n`),
    ]);
    const idle = rssOf(pid, 'VmRSS');
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(pid, 'VmRSS'));
    }, 50);
    const statuses: Record<number, number> = {};
    const send = (i: number) =>
      new Promise<void>((resolve) => {
        const fields = Object.entries({
          name: 'Kossi Mensah',
          email: `benevole${i}@example.bj`,
          domain: 'education',
          under_restriction: '0',
        })
          .map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
          .join('');
        const head = Buffer.from(fields);
        const req = http.request(`${product!.url}/api/volunteers`, {
          method: 'POST',
          agent: false,
          headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': String(head.length + files.length) },
        });
        let settled = false;
        const done = (status: number) => {
          if (settled) return; // a refusal can be followed by a reset of the connection: counted once
          settled = true;
          statuses[status] = (statuses[status] ?? 0) + 1;
          resolve();
        };
        req.on('response', (res) => {
          res.resume();
          res.on('end', () => done(res.statusCode ?? 0));
        });
        req.on('error', () => done(0)); // the server closed the connection after a refusal, before we read it
        req.write(head);
        req.end(files);
      });
    const started = Date.now();
    await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => send(i)));
    clearInterval(sampler);
    peak = Math.max(peak, rssOf(pid, 'VmHWM'));
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.info(
      `reliability upload memory: ${CONCURRENT} × ${(files.length / MB).toFixed(1)} MB at once in ${seconds} s — server RSS idle ${idle.toFixed(0)} MB, peak ${peak.toFixed(0)} MB (target < 400 MB); answers ${JSON.stringify(statuses)}`,
    );

    // Correctness, not speed: every answer is an acceptance or a "busy, retry" refusal; every acceptance has its
    // row and its four files; no temporary file is left.
    expect(Object.keys(statuses).every((s) => ['201', '503', '0'].includes(s))).toBe(true);
    const db = openDb(dataDir);
    const rows = (db.prepare('select count(*) as n from volunteers').get() as { n: number }).n;
    db.close();
    expect(rows).toBe(statuses[201] ?? 0);
    const tmp = path.join(dataDir, 'uploads', '.tmp');
    expect(fs.existsSync(tmp) ? fs.readdirSync(tmp) : []).toEqual([]);
    expect(peak).toBeLessThan(400);
  });
});
