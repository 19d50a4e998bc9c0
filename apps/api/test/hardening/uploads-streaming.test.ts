import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { MESSAGES } from '@shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from '../../src/platform/storage/local-disk-storage';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { listUploads, makePng } from '../public-site/fixtures';

// #15 item 4: uploads are streamed to size-capped temporary files, stopped at the first limit crossed, capped in
// number per process, and leave no temporary file behind — over real HTTP, as a phone sends them.
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ maxConcurrentUploads: 1 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => t?.close());

const BOUNDARY = '----hardening-upload';
const TEXT_FIELDS = { text: 'Une aide précieuse pour ma famille', author: 'Aïcha', title: 'Mère de famille' };
const head = (filename: string) =>
  Buffer.from(
    Object.entries(TEXT_FIELDS)
      .map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('') +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="avatar"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
  );

/** A chunked (no Content-Length) testimonial whose avatar is `total` bytes, sent as fast as the server reads it. */
function sendChunked(total: number, onRequest?: (req: http.ClientRequest) => void) {
  let sent = 0;
  return new Promise<{ status: number; body: string; sent: number; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const req = http.request(`${base}/api/testimonial`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'transfer-encoding': 'chunked' },
    });
    onRequest?.(req);
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, sent, headers: res.headers }));
      res.on('error', reject);
    });
    req.on('error', () => {
      /* the server may close the connection once it has answered */
    });
    req.write(head('photo.png'));
    const chunk = Buffer.alloc(64 * 1024, 7);
    const pump = () => {
      while (sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end(`\r\n--${BOUNDARY}--\r\n`);
    };
    pump();
  });
}

const tempFiles = () => {
  const dir = path.join(t.dataDir, 'uploads', '.tmp');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

async function settle(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((r) => setTimeout(r, 10));
}

describe('streamed uploads', () => {
  it('answers 413 to a 1 GB chunked avatar without reading it to the end, and keeps nothing', async () => {
    const before = listUploads(t.dataDir).length;
    const res = await sendChunked(1024 ** 3);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).message).toBe("L'image ne doit pas dépasser 5 Mo.");
    expect(res.headers.connection).toBe('close');
    // The client had sent a few MB (limit + socket buffers), nowhere near the gigabyte.
    expect(res.sent).toBeLessThan(64 * 1024 * 1024);
    await settle(() => tempFiles().length === 0);
    expect(tempFiles()).toEqual([]);
    expect(listUploads(t.dataDir).length).toBe(before);
  });

  it('refuses an upload beyond MAX_CONCURRENT_UPLOADS with 503, Retry-After and a French message', async () => {
    // The first upload stays open (its avatar has begun and never ends), holding the only slot.
    const first = http.request(`${base}/api/testimonial`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'transfer-encoding': 'chunked' },
    });
    first.on('error', () => {});
    first.write(Buffer.concat([head('photo.png'), Buffer.alloc(1024, 7)]));
    await settle(() => t.app.uploads.queue.active === 1);
    expect(t.app.uploads.queue.active).toBe(1);

    const png = makePng();
    const body = Buffer.concat([head('photo.png'), png, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
    const res = await fetch(`${base}/api/testimonial`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body,
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await res.json()).toEqual({ message: MESSAGES.busy });

    first.destroy();
    await settle(() => t.app.uploads.queue.active === 0 && tempFiles().length === 0);
    expect(tempFiles()).toEqual([]);
    // The slot is free again: the same upload is now accepted.
    const again = await fetch(`${base}/api/testimonial`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body,
    });
    expect(again.status).toBe(201);
  });
});

describe('Storage.put', () => {
  it('takes a stream as well as a Buffer, and leaves no partial file when the stream fails', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-'));
    try {
      const storage = createLocalDiskStorage(dir);
      const key = await storage.put('avatars', Readable.from([Buffer.from('abc'), Buffer.from('def')]), 'png');
      expect(fs.readFileSync(path.join(dir, key), 'utf8')).toBe('abcdef');
      const failing = new Readable({
        read() {
          this.destroy(new Error('client gone'));
        },
      });
      await expect(storage.put('avatars', failing, 'png')).rejects.toThrow('client gone');
      expect(fs.readdirSync(path.join(dir, '.tmp'))).toEqual([]);
      expect(fs.readdirSync(path.join(dir, 'avatars'))).toHaveLength(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
