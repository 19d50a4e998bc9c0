import { LIST_MESSAGES } from '@shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';
import { seedDonations } from './seed-money';

// A list's search term has at least 3 characters (SEARCH_MIN_LENGTH): the trigram indexes cannot answer a shorter
// one, which scanned every row (2.3–2.8 s at a million donations on SQLite, blocking the server's only thread).

let t: TestApp;
let admin: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
  await seedDonations(t.db, 30, 2025);
});
afterAll(async () => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(admin.token) });

describe('a list search of fewer than 3 characters', () => {
  it('is refused with a 422 on `q`, on every kind of list', async () => {
    for (const url of [
      '/api/donations?q=zq',
      '/api/donations?q=%20z%20',
      '/api/payments?q=19',
      '/api/users?role=membre&q=ab',
      '/api/members?q=ab',
      '/api/admin/year-receipts?year=2025&q=ab',
      '/api/admin/expenses?q=ab',
      '/api/admin/messages?q=ab',
      // Characters, not bytes nor UTF-16 units: two emoji are two characters.
      `/api/donations?q=${encodeURIComponent('👍👍')}`,
      '/api/donations?q=zq&format=csv',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors, url).toEqual({ q: [LIST_MESSAGES.searchTooShort] });
    }
  });

  it('is refused as the outbox recipient filter `to` too', async () => {
    const res = await get('/api/admin/messages?to=ab');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ to: [LIST_MESSAGES.searchTooShort] });
  });

  it('leaves 3 characters searched, and an empty or blank term listing everything', async () => {
    const three = await get('/api/donations?q=eur');
    expect(three.statusCode).toBe(200);
    expect(three.headers['x-total-count']).toBe('30');
    expect((await get('/api/donations?q=zqx')).headers['x-total-count']).toBe('0');
    expect((await get(`/api/donations?q=${encodeURIComponent('👍👍👍')}`)).statusCode).toBe(200);
    for (const url of ['/api/donations?q=', '/api/donations?q=%20%20', '/api/donations']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['x-total-count'], url).toBe('30');
    }
    expect((await get('/api/admin/year-receipts?year=2025&q=')).headers['x-total-count']).toBe('30');
    expect((await get('/api/admin/messages?to=')).statusCode).toBe(200);
  });
});
