import { ROLES, type Role } from '@shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';
import { expectNoSecrets, newUserBody } from './helpers';

// Every protected endpoint of the accounts area × each of the 8 roles × no token, with the exact status.

let t: TestApp;
const users = {} as Record<Role, SeededUser>;
let createdByAdviser: number;
let pendingUser: number;
beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLES) users[role] = await seedUser(t, role);
  createdByAdviser = (await seedUser(t, 'consommateur', { createdBy: users.conseiller.id, confirmed: false })).id;
  pendingUser = (await seedUser(t, 'prestataire_physique', { confirmed: false })).id;
});
afterAll(async () => t.close());

type Who = Role | 'anonymous';
const ALL: Who[] = [...ROLES, 'anonymous'];
const ADMIN_ONLY = (who: Who) => (who === 'anonymous' ? 401 : who === 'administrateur' ? 200 : 403);
const CREATORS = (ok: number) => (who: Who) =>
  who === 'anonymous' ? 401 : ['administrateur', 'conseiller', 'conseiller_pro'].includes(who) ? ok : 403;
const ANY_USER = (who: Who) => (who === 'anonymous' ? 401 : 200);

interface Endpoint {
  name: string;
  request: (who: Who) => { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: Record<string, unknown> };
  expected: (who: Who) => number;
  /** Needs a token of its own (logout revokes it). */
  freshToken?: boolean;
}

const ENDPOINTS: Endpoint[] = [
  {
    name: 'POST /register',
    request: () => ({ method: 'POST', url: '/api/register', payload: newUserBody('consommateur') }),
    expected: CREATORS(201),
  },
  { name: 'GET /profile', request: () => ({ method: 'GET', url: '/api/profile' }), expected: ANY_USER },
  {
    name: 'PUT /profile',
    request: (who) => {
      const u = who === 'anonymous' ? users.membre : users[who];
      return { method: 'PUT', url: '/api/profile', payload: { name: u.name, email: u.email, telephone: u.telephone } };
    },
    expected: ANY_USER,
  },
  { name: 'POST /logout', request: () => ({ method: 'POST', url: '/api/logout' }), expected: ANY_USER, freshToken: true },
  { name: 'GET /users/created', request: () => ({ method: 'GET', url: '/api/users/created' }), expected: CREATORS(200) },
  {
    name: 'GET /usersconseiller/{id}',
    request: () => ({ method: 'GET', url: `/api/usersconseiller/${createdByAdviser}` }),
    expected: (who) => (who === 'anonymous' ? 401 : who === 'administrateur' || who === 'conseiller' ? 200 : 403),
  },
  { name: 'GET /confirmation/unconfirmed', request: () => ({ method: 'GET', url: '/api/confirmation/unconfirmed' }), expected: ADMIN_ONLY },
  { name: 'PUT /users/{id}/confirm', request: () => ({ method: 'PUT', url: `/api/users/${pendingUser}/confirm` }), expected: ADMIN_ONLY },
  ...['conseiller', 'membre', 'sympathisant', 'prestataire_morale', 'prestataire_physique'].map(
    (role): Endpoint => ({
      name: `GET /users?role=${role}`,
      request: () => ({ method: 'GET', url: `/api/users?role=${role}` }),
      expected: ADMIN_ONLY,
    }),
  ),
];

describe.each(ENDPOINTS)('$name', (endpoint) => {
  it.each(ALL)('as %s', async (who) => {
    let token: string | undefined;
    if (who !== 'anonymous') {
      token = endpoint.freshToken
        ? (
            await t.app.inject({
              method: 'POST',
              url: '/api/login',
              payload: { telephone: users[who].telephone, password: users[who].password },
            })
          ).json().token
        : users[who].token;
    }
    const req = endpoint.request(who);
    const res = await t.app.inject({ ...req, headers: token ? bearer(token) : {} });
    expect(res.statusCode).toBe(endpoint.expected(who));
    expectNoSecrets(res, ...(token ? [token] : []));
    if (res.statusCode === 401) expect(res.json().message).toBe('Authentification requise. Veuillez vous connecter.');
    if (res.statusCode === 403) expect(typeof res.json().message).toBe('string');
  });
});

describe('a forged or revoked token', () => {
  it('gets 401 everywhere', async () => {
    for (const endpoint of ENDPOINTS) {
      const res = await t.app.inject({ ...endpoint.request('administrateur'), headers: bearer('jeton-invente') });
      expect(res.statusCode, endpoint.name).toBe(401);
    }
  });
});
