import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

// Dynamic answers are compressed for browsers at brotli quality 4: zlib's default (11) cost ten times the
// uncompressed time of a JSON answer (see `npm run bench`, compression table). Brotli is deterministic, so the
// bytes sent say which quality made them.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

describe('compression of dynamic JSON answers', () => {
  it('answers a browser with brotli at quality 4, the same document as uncompressed', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const compressed = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: BROWSER });
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(compressed.rawPayload).equals(plain.rawPayload)).toBe(true);
    const quality4 = zlib.brotliCompressSync(plain.rawPayload, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
    expect(compressed.rawPayload.equals(quality4)).toBe(true);
  });

  it('leaves a client that does not ask for compression with identity', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
