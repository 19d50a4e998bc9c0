import net from 'node:net';
import { PassThrough } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { MESSAGES } from '@shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { buildApp, fastifyTrustProxy } from '../../src/app';
import { loadConfig, sandboxWarning } from '../../src/platform/config';
import { HSTS } from '../../src/platform/http/security';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, seedUser } from '../helpers/users';

// #15 item 7: the low findings of the outside probe, one regression test each.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('one guard for every route, before validation', () => {
  it.each([
    '/api/payments?page=abc&per_page=-1',
    '/api/donations?status=bogus',
    '/api/users?role=inconnu&page=0',
    '/api/admin/stats?x=1',
    '/api/contacts?page=abc',
  ])('answers 401 without a token whatever the query: %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect([401, 404]).toContain(res.statusCode);
    if (res.statusCode === 404) return; // a route another area may not have yet
    expect(res.json()).toEqual({ message: MESSAGES.unauthenticated });
  });

  it('answers 401 before reading an invalid body on a guarded write', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/1/confirm',
      headers: { 'content-type': 'application/json' },
      payload: '{pas du json',
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('ids in paths: one strict schema', () => {
  it.each(['+1', '%201', '00001', '1.0', '1e0', '0', '-1', '99999999999', '0x1'])('reads %s as no id (404, never as 1)', async (raw) => {
    const admin = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { telephone: '+22990000001', password: 'Admin-Mot-De-Passe-1' },
    });
    const auth = bearer(admin.json().token);
    for (const url of [`/api/usersconseiller/${raw}`, `/api/receipts/payment/${raw}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: auth });
      expect(res.statusCode, url).toBe(404);
    }
    for (const url of [`/api/users/${raw}/confirm`, `/api/testimonials/${raw}/publish`]) {
      const res = await t.app.inject({ method: 'PUT', url, headers: auth });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toHaveProperty('message');
    }
  });

  it('still accepts the canonical id', async () => {
    const u = await seedUser(t, 'consommateur', { confirmed: false });
    const admin = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { telephone: '+22990000001', password: 'Admin-Mot-De-Passe-1' },
    });
    const res = await t.app.inject({ method: 'PUT', url: `/api/users/${u.id}/confirm`, headers: bearer(admin.json().token) });
    expect(res.statusCode).toBe(200);
  });
});

describe("Fastify's own errors in French, in the {message} envelope", () => {
  it.each([
    ['/api/users/%E0%A4%A', 400],
    [`/api/receipts/payment/${'1'.repeat(300)}`, 414],
    ['/api/nulle-part', 404],
  ])('%s → %i', async (url, status) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['message']);
    expect(body.message).toMatch(/[àéèêç’]|adresse|ressource/i);
    expect(body.message).not.toMatch(/is not a valid|Bad Request|Not Found/);
  });

  it.each([
    ['application/json', '{pas du json'],
    ['application/xml', '<a/>'],
  ])('a %s body the API cannot read gets a French message', async (type, payload) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', headers: { 'content-type': type }, payload });
    expect([400, 415]).toContain(res.statusCode);
    expect(Object.keys(res.json())).toEqual(['message']);
    expect(res.json().message).toMatch(/^(Le corps de la requête|Type de contenu)/);
  });
});

describe('HSTS', () => {
  it('is sent only when the request came over TLS through a trusted proxy', async () => {
    const proxied = await createTestApp({ trustProxy: 1 });
    try {
      const https = await proxied.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security']).toBe(HSTS);
      const http = await proxied.app.inject({ method: 'GET', url: '/api/health' });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
    // Without TRUST_PROXY the header is the client's word, not a proxy's: no HSTS.
    const direct = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(direct.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('TRUST_PROXY as a hop count', () => {
  it("gives the client's address from X-Forwarded-For (Fastify alone would keep the proxy's)", async () => {
    const probe = Fastify({ trustProxy: fastifyTrustProxy(1) });
    probe.get('/', async (request) => ({ ip: request.ip, protocol: request.protocol }));
    const res = await probe.inject({ url: '/', headers: { 'x-forwarded-for': '41.138.1.2', 'x-forwarded-proto': 'https' } });
    expect(res.json()).toEqual({ ip: '41.138.1.2', protocol: 'https' });
    // Two forged entries behind one proxy: only the one the proxy appended counts.
    const forged = await probe.inject({ url: '/', headers: { 'x-forwarded-for': '1.1.1.1, 41.138.1.2' } });
    expect(forged.json().ip).toBe('41.138.1.2');
    await probe.close();
  });
});

describe('the payment simulator', () => {
  it('is announced loudly at start, and not with FedaPay', () => {
    expect(sandboxWarning(loadConfig({}))).toMatch(/ATTENTION : paiements SIMULÉS.*Aucun argent réel/s);
    expect(
      sandboxWarning({ payments: { provider: 'fedapay', secretKey: 'sk', publicKey: 'pk', environment: 'live', webhookSecret: 'wh' } }),
    ).toBeNull();
  });
});

describe('open connections', () => {
  it('closes connections beyond MAX_CONNECTIONS at once, and serves the others', async () => {
    const capped = await createTestApp({ maxConnections: 2 });
    try {
      await capped.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = capped.app.server.address() as AddressInfo;
      const open = () =>
        new Promise<net.Socket>((resolve, reject) => {
          const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
          socket.on('error', reject);
        });
      const first = await open();
      const second = await open();
      const third = await open();
      const closed = await new Promise<boolean>((resolve) => {
        third.on('close', () => resolve(true));
        third.on('error', () => resolve(true));
        third.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
        third.on('data', () => resolve(false));
      });
      expect(closed).toBe(true);
      const answer = await new Promise<string>((resolve) => {
        first.once('data', (chunk) => resolve(chunk.toString()));
        first.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
      });
      expect(answer).toMatch(/^HTTP\/1\.1 200/);
      for (const s of [first, second, third]) s.destroy();
    } finally {
      await capped.close();
    }
  });
});

describe('a client that aborts its request body', () => {
  it('is not logged as "database unavailable" or at error level', async () => {
    const lines: string[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
    const app = await buildApp({ config: { ...t.config, dataDir: t.dataDir }, db: t.db, logStream: stream, webDir: '/nonexistent' });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      for (let i = 0; i < 3; i += 1) {
        await new Promise<void>((resolve) => {
          const socket = net.connect(port, '127.0.0.1', () => {
            socket.write(
              'POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 50000\r\n\r\n{"name":"Awa',
            );
            setTimeout(() => {
              socket.destroy();
              resolve();
            }, 50);
          });
        });
      }
      // Wait until the server has seen the three aborts (each request logs its completion or its error).
      for (let i = 0; i < 100 && lines.filter((l) => /aborted|database unavailable|"level":50/.test(l)).length < 3; i += 1) {
        await new Promise((r) => setTimeout(r, 20));
      }
    } finally {
      await app.close();
    }
    const parsed = lines.map((l) => JSON.parse(l) as { level: number; msg: string });
    expect(parsed.filter((l) => l.msg === 'database unavailable')).toEqual([]);
    expect(parsed.filter((l) => l.level >= 50)).toEqual([]);
    expect(parsed.some((l) => /aborted/.test(l.msg))).toBe(true);
  });
});
