// What the benchmark measures. Adding an endpoint is one line here; an endpoint that is not implemented yet
// (404/405 on the probe) is reported as "not available" instead of failing the run.
import { SEED_LOGINS, SEED_PASSWORD, seedTelephone } from './seed.mjs';

const run = Date.now().toString(36);
const names = ['Awa Zinsou', 'Koffi Adjovi', 'Sena Dossou', 'Mawuli Soglo'];

/**
 * group: the table section; auth: 'admin' sends the administrator's bearer; body(n): a unique payload per request;
 * bare: the like-for-like reference on the bare node:http server (bare-server.mjs): `replay/<id>` for a cached answer
 * (the same bytes and headers ours sent), `query/<name>` for an uncached one (the same SQL, JSON.stringify'd).
 */
export const SCENARIOS = [
  { id: 'testimonials', group: 'public read (cached)', method: 'GET', path: '/api/testimonials', bare: 'replay/testimonials' },
  { id: 'volunteers', group: 'public read (cached)', method: 'GET', path: '/api/volunteers', bare: 'replay/volunteers' },
  { id: 'health', group: 'public read', method: 'GET', path: '/api/health' },
  {
    id: 'contact',
    group: 'public write',
    method: 'POST',
    path: '/api/contact',
    body: (n) => ({
      name: names[n % names.length],
      email: `contact.${run}.${n}@exemple.bj`,
      phone: '+22997000000',
      services: 'Aide alimentaire',
      message: 'Bonjour, je souhaite aider.',
    }),
  },
  {
    id: 'subscribe',
    group: 'public write',
    method: 'POST',
    path: '/api/subscribe',
    body: (n) => ({ email: `abonne.${run}.${n}@exemple.bj` }),
  },
  { id: 'admin-donations', group: 'admin list (100 000 rows)', method: 'GET', path: '/api/donations?page=3&per_page=20', auth: 'admin' },
  {
    id: 'admin-payments',
    group: 'admin list (100 000 rows)',
    method: 'GET',
    path: '/api/payments?page=3&per_page=20',
    auth: 'admin',
    bare: 'query/payments',
  },
  { id: 'admin-users-membre', group: 'admin list (100 000 rows)', method: 'GET', path: '/api/users?role=membre&page=50', auth: 'admin' },
  {
    id: 'admin-users-100',
    group: 'admin list (100 000 rows)',
    method: 'GET',
    path: '/api/users?role=membre&page=5&per_page=100',
    auth: 'admin',
  },
  { id: 'search-donations', group: 'admin search (100 000 rows)', method: 'GET', path: '/api/donations?q=Zinsou', auth: 'admin' },
  {
    id: 'search-users',
    group: 'admin search (100 000 rows)',
    method: 'GET',
    path: '/api/users?role=membre&q=utilisateur.4242',
    auth: 'admin',
  },
  // One correct login per request, each for another seeded account (the API bounds concurrent checks per telephone and
  // per address: 8 connections stay within them, as many people signing in from one town's carrier address would).
  {
    id: 'login',
    group: 'login (Argon2id)',
    method: 'POST',
    path: '/api/login',
    body: (n) => ({ telephone: seedTelephone(10 * (n % SEED_LOGINS)), password: SEED_PASSWORD }),
    connections: 8,
  },
];
