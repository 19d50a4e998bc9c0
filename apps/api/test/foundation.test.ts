import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/platform/config';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('health', () => {
  it('reports the database as reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });
});

describe('security headers', () => {
  const DOCUMENT_ONLY = [
    'cross-origin-opener-policy',
    'origin-agent-cluster',
    'referrer-policy',
    'x-dns-prefetch-control',
    'x-download-options',
    'x-permitted-cross-domain-policies',
    'x-xss-protection',
  ];
  const securityHeaders = (headers: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(headers).filter(([name]) =>
        /^(x-(?!request-id|page|per-page|total-count)|cross-origin|origin-agent|referrer|content-security)/.test(name),
      ),
    );

  it('are the full helmet set on the web app, the same on every page (computed once, not per request)', async () => {
    const sets = await Promise.all(
      ['/', '/causes/securite-alimentaire', '/connexion'].map(async (url) => {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.headers['x-request-id']).toBeTruthy();
        expect(res.headers['x-powered-by']).toBeUndefined();
        return securityHeaders(res.headers);
      }),
    );
    expect(sets[0]!['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(sets[0]!['content-security-policy']).toContain("script-src 'self'");
    expect(sets[0]).toMatchObject({
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    });
    expect(sets[1]).toEqual(sets[0]);
    expect(sets[2]).toEqual(sets[0]);
  });

  it('are the short API set on JSON answers, errors included (no document-only header)', async () => {
    for (const url of ['/api/health', '/api/testimonials', '/api/nope', '/api/causes']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(securityHeaders(res.headers)).toEqual({
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'cross-origin-resource-policy': 'same-origin',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
      });
      expect(res.headers['x-request-id']).toBeTruthy();
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('are the document set on what an API address answers that is not JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui.css' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/css/);
    for (const name of DOCUMENT_ONLY) expect(res.headers[name], name).toBeDefined();
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('error envelope', () => {
  it('answers an unknown API path with a French JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "La ressource demandée n'existe pas." });
  });
  it('answers malformed JSON with a 400 in French, never a stack trace', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"telephone":',
    });
    expect([400, 404]).toContain(res.statusCode);
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
    expect(res.json().message).toMatch(/[a-zé]/);
  });
  it('answers an oversized body with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ x: 'a'.repeat(2 * 1024 * 1024) }),
    });
    expect([413, 404]).toContain(res.statusCode);
  });
});

describe('first administrator', () => {
  it('is created once, confirmed, from ADMIN_*', async () => {
    const admins = await t.db.selectFrom('users').selectAll().where('role', '=', 'administrateur').execute();
    expect(admins).toHaveLength(1);
    expect(admins[0]!.is_confirmed).toBe(1);
    expect(admins[0]!.password_hash).toMatch(/^\$argon2id\$/);
    expect(t.app.bootstrap.generatedPassword).toBeUndefined();
  });
});

describe('configuration', () => {
  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'fedapay' })).toThrow(/FEDAPAY_SECRET_KEY/);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(ConfigError);
    expect(() => loadConfig({ PUBLIC_URL: 'pas une url' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ TRUST_PROXY: 'peut-être' })).toThrow(/TRUST_PROXY/);
    // `true` would let any client choose its own address through X-Forwarded-For (#15 item 7).
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=true.*nombre de proxys/);
  });
  it('defaults to SQLite in DATA_DIR and the sandbox', () => {
    const c = loadConfig({ DATA_DIR: '/tmp/x' });
    expect(c.port).toBe(3000);
    expect(c.database).toEqual({ dialect: 'sqlite', file: '/tmp/x/association.sqlite' });
    expect(c.payments.provider).toBe('sandbox');
    expect(c.trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8, 127.0.0.1');
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', DATA_ENCRYPTION_KEY: key }).database.dialect).toBe('postgres');
    expect(loadConfig({ DATABASE_URL: 'sqlite:/tmp/y.db', DATA_ENCRYPTION_KEY: key }).database).toEqual({
      dialect: 'sqlite',
      file: '/tmp/y.db',
    });
  });
});

describe('OpenAPI', () => {
  it('is served at /api/docs', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(json.json().paths['/api/health']).toBeDefined();
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});
