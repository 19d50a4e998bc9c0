import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSearchIndex } from './search-index';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';

// The members and users lists' search box is served by the same indexes as the money lists
// (platform/database/text-search.ts): trigram index for names and e-mails, exact E.164 for a telephone.

let t: TestApp;
let admin: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
  await seedUser(t, 'membre', { name: 'Reine Houngbédji', email: 'reine.h@example.bj', telephone: '+2290197123456' });
  await seedUser(t, 'membre', { name: 'Pascal Soglo', email: 'pascal@example.bj', telephone: '+2290196000001' });
});
afterAll(async () => t?.close());

const names = async (q: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/users?role=membre&q=${encodeURIComponent(q)}`, headers: bearer(admin.token) });
  expect(res.statusCode).toBe(200);
  return res.json().map((u: { name: string }) => u.name) as string[];
};

describe('searching people by index', () => {
  it('finds a name, an e-mail and a telephone in any spelling', async () => {
    expect(await names('houngbédji')).toEqual(['Reine Houngbédji']);
    expect(await names('PASCAL@EXAMPLE')).toEqual(['Pascal Soglo']);
    for (const typed of ['0197123456', '+229 01 97 12 34 56', '97 12 34 56']) expect(await names(typed)).toEqual(['Reine Houngbédji']);
    expect(await names('zzz')).toEqual([]);
  });

  it('keeps the index current when a name changes', async () => {
    await t.db.updateTable('users').set({ name: 'Pascal Adjovi' }).where('email', '=', 'pascal@example.bj').execute();
    expect(await names('soglo')).toEqual([]);
    expect(await names('adjovi')).toEqual(['Pascal Adjovi']);
  });

  it('reads the trigram index, not every row', () => expectSearchIndex(t, 'users'));
});
