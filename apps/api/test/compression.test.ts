import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncoding } from '../src/platform/lib/precompressed';
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

describe('the cached public lists, compressed once with the page', () => {
  beforeAll(async () => {
    const rows = Array.from({ length: 20 }, (_, i) => ({
      text: `Témoignage numéro ${i} de la famille Zinsou à Cotonou`,
      author: `Auteur ${i}`,
      title: 'Bénéficiaire',
      avatar: `avatar-${i}.png`,
      is_published: 1,
      created_at: `2030-01-01T00:00:${String(i).padStart(2, '0')}.000Z`,
    }));
    await t.db.insertInto('testimonials').values(rows).execute();
  });

  it('sends brotli, gzip or identity as the client asks, always the same JSON', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/testimonials' });
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.json()).toHaveLength(20);
    const br = await t.app.inject({ method: 'GET', url: '/api/testimonials', headers: BROWSER });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    const gzip = await t.app.inject({ method: 'GET', url: '/api/testimonials', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(br.headers['x-total-count']).toBe('20');
    expect(gzip.headers['x-total-count']).toBe('20');
  });
});

describe('acceptedEncoding', () => {
  it('prefers br, then gzip, and honours q=0', () => {
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('gzip, deflate, br;q=0')).toBe('gzip');
    expect(acceptedEncoding('br;q=0.0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeUndefined();
    expect(acceptedEncoding('gzip;q=0')).toBeUndefined();
    expect(acceptedEncoding('*')).toBe('gzip');
    expect(acceptedEncoding(undefined)).toBeUndefined();
  });
});
