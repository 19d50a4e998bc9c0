import http from 'node:http';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { createTestApp, type TestApp } from '../helpers/test-app';

// The cached public lists are replayed before Fastify runs (platform/http/response-replay.ts). Whatever route an
// answer takes, a visitor must get the same bytes, the same security headers, a fresh request id and an access line;
// and a change to the list shows on the very next read.

let t: TestApp;
let app: FastifyInstance;
let base: string;
const logged: string[] = [];
/** Requests that reached Fastify (its first hook): a replayed answer never does. */
let reachedFastify = 0;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  const logStream = new PassThrough();
  logStream.on('data', (line: Buffer) => logged.push(...line.toString().split('\n').filter(Boolean)));
  // A second app on the same database, listening, with its logs and one trusted proxy hop (TRUST_PROXY=1).
  app = await buildApp({ config: { ...t.config, logLevel: 'info', trustProxy: 1 }, db: t.db, logStream, webDir: t.dataDir });
  app.addHook('onRequest', (_request, _reply, done) => {
    reachedFastify++;
    done();
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as { port: number };
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await app.close();
  await t.close();
});

interface Answer {
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
}

/** A raw GET: the headers as sent (names spelled as on the wire) and the body bytes, not decoded. */
function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = res.rawHeaders;
          const pairs: Array<[string, string]> = [];
          for (let i = 0; i < raw.length; i += 2) pairs.push([raw[i]!, raw[i + 1]!]);
          resolve({ status: res.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks) });
        });
      })
      .on('error', reject);
  });
}

const header = (a: Answer, name: string) => a.headers.find(([n]) => n.toLowerCase() === name)?.[1];
/** The headers that must be equal from one answer to the next: all but the request id and the exchange's own. */
const stable = (a: Answer) =>
  a.headers
    .filter(([n]) => !['x-request-id', 'date', 'connection', 'keep-alive'].includes(n.toLowerCase()))
    .map(([n, v]) => `${n.toLowerCase()}: ${v}`)
    .sort();

async function publish(author: string, text = `Témoignage de ${author}, `.repeat(12)): Promise<void> {
  await t.db
    .insertInto('testimonials')
    .values({
      text,
      author,
      title: 'Bénéficiaire',
      avatar: `${author}.png`,
      is_published: 1,
      created_at: `2031-01-01T00:00:${String(seq++ % 60).padStart(2, '0')}.000Z`,
    })
    .execute();
}

describe('public lists replayed before the framework', () => {
  it('answers a repeated GET with the same bytes and headers, without reaching Fastify', async () => {
    for (let i = 0; i < 8; i++) await publish(`Replay ${i}`);
    for (const encoding of ['gzip, deflate, br', 'gzip', 'identity']) {
      const first = await get('/api/testimonials', { 'accept-encoding': encoding });
      const reached = reachedFastify;
      const second = await get('/api/testimonials', { 'accept-encoding': encoding });
      expect(reachedFastify, encoding).toBe(reached);
      expect(second.status).toBe(200);
      expect(second.body.equals(first.body), encoding).toBe(true);
      expect(stable(second)).toEqual(stable(first));
      expect(header(second, 'x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(header(second, 'x-request-id')).not.toBe(header(first, 'x-request-id'));
      expect(header(second, 'content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    }
    // The three codings are three answers (a brotli body never reaches a client that only takes gzip).
    const br = await get('/api/testimonials', { 'accept-encoding': 'br' });
    const gzip = await get('/api/testimonials', { 'accept-encoding': 'gzip' });
    expect(header(br, 'content-encoding')).toBe('br');
    expect(header(gzip, 'content-encoding')).toBe('gzip');
  });

  it('shows a change to the list on the very next read', async () => {
    await get('/api/testimonials');
    await get('/api/testimonials');
    await publish('Nouvelle Voix');
    const after = await get('/api/testimonials');
    expect(JSON.parse(after.body.toString())[0].author).toBe('Nouvelle Voix');
    // Hidden again: gone at once too.
    await t.db.updateTable('testimonials').set({ is_published: 0 }).where('author', '=', 'Nouvelle Voix').execute();
    const hidden = await get('/api/testimonials');
    expect(hidden.body.toString()).not.toContain('Nouvelle Voix');
  });

  it('keeps HTTPS answers (with HSTS) apart from plain ones, behind a trusted proxy', async () => {
    const twice = async (headers: Record<string, string> = {}) => {
      const first = await get('/api/volunteers', headers);
      const reached = reachedFastify;
      const second = await get('/api/volunteers', headers);
      expect(reachedFastify).toBe(reached);
      return [first, second];
    };
    const plain = await twice();
    const tls = await twice({ 'x-forwarded-proto': 'https' });
    for (const a of plain) expect(header(a, 'strict-transport-security')).toBeUndefined();
    for (const a of tls) expect(header(a, 'strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
  });

  it('writes the same access line, with the caller’s request id', async () => {
    await get('/api/testimonials?page=1');
    const reached = reachedFastify;
    await get('/api/testimonials?page=1', { 'x-request-id': 'proxy-id-42' });
    expect(reachedFastify).toBe(reached);
    await new Promise((r) => setImmediate(r));
    const line = logged.map((l) => JSON.parse(l)).find((l) => l.reqId === 'proxy-id-42');
    expect(line).toMatchObject({ level: 30, method: 'GET', url: '/api/testimonials?page=1', statusCode: 200, msg: 'request completed' });
    expect(typeof line.responseTime).toBe('number');
  });

  it('leaves to Fastify what it has not answered itself: another query, HEAD, a body', async () => {
    await get('/api/testimonials');
    let reached = reachedFastify;
    await get('/api/testimonials?page=2');
    expect(reachedFastify).toBe(reached + 1);
    reached = reachedFastify;
    const head = await new Promise<number>((resolve) =>
      http.request(`${base}/api/testimonials`, { method: 'HEAD', agent: false }, (res) => resolve(res.statusCode ?? 0)).end(),
    );
    expect(head).toBe(200);
    expect(reachedFastify).toBe(reached + 1);
    // An invalid query is refused by Fastify's validation, never recorded.
    const bad = await get('/api/testimonials?per_page=0');
    const again = await get('/api/testimonials?per_page=0');
    expect([bad.status, again.status]).toEqual([422, 422]);
  });
});
