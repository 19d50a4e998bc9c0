import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, seedUser } from '../helpers/users';
import { hostileBody, hostileString, hostileValue } from './arbitraries';
import { RUNS, sendHostile } from './harness';

// Every public JSON endpoint (and registration, behind its token) fed random, oversized, wrongly typed,
// Unicode-edge and injection-shaped bodies. Adding an endpoint is one line.
const ENDPOINTS: { url: string; fields: string[]; auth?: boolean }[] = [
  { url: '/api/login', fields: ['telephone', 'password'] },
  { url: '/api/contact', fields: ['name', 'email', 'phone', 'services', 'message'] },
  { url: '/api/subscribe', fields: ['email'] },
  { url: '/api/payment/initiate', fields: ['name', 'email', 'phone', 'amount', 'payment_type'] },
  { url: '/api/donation/initiate', fields: ['amount', 'purpose', 'name', 'email', 'phone'] },
  { url: '/api/payment', fields: ['name', 'phone', 'amount', 'payment_type', 'transaction_status', 'transaction_id'] },
  { url: '/api/donation', fields: ['amount', 'purpose', 'transaction-status', 'transaction-id', 'transaction_status', 'transaction_id'] },
  { url: '/api/register', fields: ['name', 'email', 'telephone', 'password', 'role', 'created_by', 'first_login', 'zone'], auth: true },
];

// Lists and files anyone may ask for, with hostile query strings and path segments.
const GETS: ((v: string) => string)[] = [
  (v) => `/api/testimonials?page=${v}&per_page=${v}&q=${v}`,
  (v) => `/api/volunteers?page=${v}&per_page=${v}&q=${v}`,
  (v) => `/api/storage/avatars/${v}`,
  (v) => `/api/storage/volunteer-profile-images/${v}`,
  (v) => `/api/download/cv/${v}`,
  (v) => `/api/projects/download/${v}`,
  (v) => `/api/payments/return/payment/${v}?id=${v}&status=${v}`,
  (v) => `/api/payments/return/${v}/1`,
  (v) => `/api/receipts/payment/${v}`,
];

/** Percent-encodes; a lone surrogate becomes an invalid UTF-8 sequence, which clients do send. */
const encode = (v: string) => {
  try {
    return encodeURIComponent(v);
  } catch {
    return `%ED%A0%80${encodeURIComponent(v.replace(/[\uD800-\uDFFF]/g, '\uFFFD'))}`;
  }
};

describe('hostile input: JSON endpoints', () => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    adminToken = (await seedUser(t, 'administrateur')).token;
  });
  afterAll(async () => t.close());

  for (const endpoint of ENDPOINTS) {
    it(`POST ${endpoint.url}: never a 5xx, never a stack trace, database unchanged on refusal`, async () => {
      await fc.assert(
        fc.asyncProperty(hostileBody(endpoint.fields), async (body) => {
          await sendHostile(t, {
            method: 'POST',
            url: endpoint.url,
            headers: { 'content-type': 'application/json', ...(endpoint.auth ? bearer(adminToken) : {}) },
            payload: JSON.stringify(body),
          });
        }),
        { numRuns: RUNS },
      );
    });
  }

  it('malformed bodies: broken JSON, wrong content types, deep nesting, over the size limit', async () => {
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const cases: { payload: string | Buffer; type: string }[] = [
      { payload: '{"email": ', type: 'application/json' },
      { payload: '', type: 'application/json' },
      { payload: 'null', type: 'application/json' },
      { payload: deep, type: 'application/json' },
      { payload: `{"a":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`, type: 'application/json' },
      { payload: 'email=a%40b.c', type: 'application/x-www-form-urlencoded' },
      { payload: 'bonjour', type: 'text/plain' },
      { payload: '<xml/>', type: 'application/xml' },
      { payload: Buffer.from([0xff, 0xfe, 0x00, 0x7b]), type: 'application/json; charset=utf-16' },
      { payload: JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }), type: 'application/json' },
    ];
    for (const endpoint of ENDPOINTS) {
      for (const c of cases) {
        await sendHostile(
          t,
          {
            method: 'POST',
            url: endpoint.url,
            payload: c.payload,
            headers: { 'content-type': c.type, ...(endpoint.auth ? bearer(adminToken) : {}) },
          },
          { url: endpoint.url, type: c.type, payload: String(c.payload).slice(0, 60) },
        );
      }
    }
  });

  it('GET lists and files with hostile query strings and path segments', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...GETS),
        fc.oneof(
          hostileString,
          hostileValue.map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? 'null'))),
        ),
        async (make, value) => {
          await sendHostile(t, { method: 'GET', url: make(encode(value)) }, make(value));
        },
      ),
      { numRuns: RUNS * 2 },
    );
    // Raw (unencoded) traversal shapes too.
    for (const raw of [
      '..%2f..%2fetc%2fpasswd',
      '../../association.sqlite',
      '%00.png',
      '..%5c..%5cx',
      '.tmp/x.part',
      '%2e%2e/%2e%2e/package.json',
    ]) {
      for (const make of GETS) await sendHostile(t, { method: 'GET', url: make(raw) }, make(raw));
    }
  });
});
