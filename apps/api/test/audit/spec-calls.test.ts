import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, seedUser } from '../helpers/users';

// Acceptance audit of docs/product/validation.md, docs/product/http-api.md and docs/product/back-office.md: calls made the way an independent client makes them.

const LOGIN_LIMIT = 3;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: { login: LOGIN_LIMIT, publicForms: 1000 } });
});
afterAll(async () => t?.close());

const json = { 'content-type': 'application/json' };

describe('docs/product/http-api.md calls with an "empty body" labelled JSON', () => {
  it('PUT /users/{id}/confirm confirms the account', async () => {
    const admin = await seedUser(t, 'administrateur');
    const user = await seedUser(t, 'consommateur', { confirmed: false });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}/confirm`,
      headers: { ...json, ...bearer(admin.token) },
      payload: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String) });
    const row = await t.db.selectFrom('users').select('is_confirmed').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.is_confirmed).toBe(1);
  });

  it('PUT /volunteers/{id}/confirm answers 404 {message} for an unknown volunteer, not 400', async () => {
    const admin = await seedUser(t, 'administrateur');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/volunteers/987654/confirm',
      headers: { ...json, ...bearer(admin.token) },
      payload: '',
    });
    expect(res.statusCode).toBe(404);
    expect(typeof res.json().message).toBe('string');
  });

  it('POST /logout revokes the token', async () => {
    const user = await seedUser(t, 'membre');
    const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { ...json, ...bearer(user.token) }, payload: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Déconnexion réussie' });
    const after = await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(user.token) });
    expect(after.statusCode).toBe(401);
  });

  it('DELETE /donations/{id} answers 404 {message} for an unknown donation', async () => {
    const admin = await seedUser(t, 'administrateur');
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/donations/987654',
      headers: { ...json, ...bearer(admin.token) },
      payload: '  ',
    });
    expect(res.statusCode).toBe(404);
  });

  it('a JSON route posted an empty body reports its missing fields (422), and bad JSON is still refused', async () => {
    const empty = await t.app.inject({ method: 'POST', url: '/api/subscribe', headers: json, payload: '' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.email).toEqual(['Veuillez entrer une adresse email valide.']);
    const broken = await t.app.inject({ method: 'POST', url: '/api/subscribe', headers: json, payload: '{"email":' });
    expect(broken.statusCode).toBe(400);
    const poisoned = await t.app.inject({
      method: 'POST',
      url: '/api/subscribe',
      headers: json,
      payload: '{"__proto__":{"x":1},"email":"a@example.bj"}',
    });
    expect(poisoned.statusCode).toBe(400);
  });
});

describe('POST /donation checks docs/product/validation.md donation rules on its payload', () => {
  const record = (body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/donation', payload: body });

  it('an amount under 3 digits gets the spec message on amount', async () => {
    const res = await record({ amount: 50, purpose: 'sante', 'transaction-status': 'pending', 'transaction-id': 'tx-1' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.amount).toEqual(['Le montant doit être positif et comporter au moins 3 chiffres.']);
  });

  it('an empty payload names the amount and the transaction id together', async () => {
    const res = await record({});
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['amount', 'transaction-id']);
  });

  it('accepts docs/product/limits.md default purpose "Medical Treatment" (as santé)', async () => {
    const recorded = await record({
      amount: 5000,
      purpose: 'Medical Treatment',
      'transaction-status': 'pending',
      'transaction-id': 'unknown-tx',
    });
    expect(recorded.statusCode).toBe(422);
    expect(recorded.json().errors.purpose).toBeUndefined();
    const initiated = await t.app.inject({
      method: 'POST',
      url: '/api/donation/initiate',
      payload: { amount: 5000, purpose: 'Medical Treatment' },
    });
    expect(initiated.statusCode).toBe(201);
    const row = await t.db.selectFrom('donations').select('purpose').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row.purpose).toBe('sante');
  });
});

describe('POST /payment checks docs/product/validation.md payment rules on its payload', () => {
  it('name required, phone at least 8 characters, amount above 0 — with the form messages', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment',
      payload: { name: '', phone: '1234', amount: 0, payment_type: 'adhesion', transaction_status: 'pending', transaction_id: 'tx-2' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: ['Le nom est requis.'],
      phone: ['Le numéro de téléphone doit comporter au moins 8 caractères.'],
      amount: ['Le montant doit être supérieur à 0.'],
    });
  });

  it('a valid payload naming a transaction the provider does not know is refused, never stored as approved', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment',
      payload: {
        name: 'Awa Dossou',
        phone: '+22996000001',
        amount: 5000,
        payment_type: 'adhesion',
        transaction_status: 'approved',
        transaction_id: 'forged-1',
      },
    });
    expect(res.statusCode).toBe(422);
    const approved = await t.db.selectFrom('payments').select('id').where('transaction_status', '=', 'approved').execute();
    expect(approved).toEqual([]);
  });
});

describe('POST /login limits failed attempts, not successful log-ins', () => {
  const login = (telephone: string, password: string, ip: string) =>
    t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: ip, payload: { telephone, password } });

  it('one address may log in successfully more often than the limit', async () => {
    const user = await seedUser(t, 'membre');
    for (let i = 0; i < LOGIN_LIMIT * 3; i += 1) expect((await login(user.telephone, user.password, '10.9.0.1')).statusCode).toBe(200);
  });

  it('invalid payloads do not use up the allowance; wrong passwords do, then 429 with Retry-After', async () => {
    const user = await seedUser(t, 'membre');
    for (let i = 0; i < LOGIN_LIMIT * 2; i += 1) {
      const res = await t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: '10.9.0.2', payload: {} });
      expect(res.statusCode).toBe(422);
    }
    for (let i = 0; i < LOGIN_LIMIT; i += 1) expect((await login(user.telephone, 'mauvais', '10.9.0.2')).statusCode).toBe(422);
    const blocked = await login(user.telephone, user.password, '10.9.0.2');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: 'Trop de tentatives. Veuillez patienter avant de réessayer.' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});
