import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/test-app';
import { createTestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';
import { createAccount, offlineDonation } from '../treasury/helpers';
import { entries } from './helpers';

// Years close in order; money recorded later for a closed year lands in the first open year; a reopening can be
// rejected; a budget names each account once per cause.

let t: TestApp;
let admin: SeededUser;
let second: SeededUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
  second = await seedUser(t, 'administrateur');
});
afterAll(async () => {
  await t?.close();
});

const post = (user: SeededUser, url: string, payload: unknown = {}) =>
  t.app.inject({ method: 'POST', url, headers: bearer(user.token), payload: payload as never });

describe('year end rules', () => {
  it('lists money received while no treasury account exists as not mapped', async () => {
    const res = await offlineDonation(t, admin, { amount: 1_500, received_at: '2025-03-02' });
    expect(res.statusCode, res.body).toBe(201);
    const unmapped = await t.app.inject({ method: 'GET', url: '/api/admin/books/unmapped', headers: bearer(admin.token) });
    expect(unmapped.json()).toEqual([
      expect.objectContaining({
        source_type: 'donation',
        source_id: String(res.json().id),
        reason:
          'Reçu le 02/03/2025 (1\u00a0500\u00a0FCFA) sans compte de trésorerie où le porter : créez le compte puis passez l’écriture à la main.',
      }),
    ]);
    expect(await entries(t, admin, '?year=2025')).toEqual([]);
  });

  it('closes years in order', async () => {
    const caisse = await createAccount(t, admin, 'Caisse', 'caisse', 0, '2025-01-01');
    expect(
      (await offlineDonation(t, admin, { amount: 3_000, purpose: 'autres', received_at: '2025-06-01', account: caisse.id })).statusCode,
    ).toBe(201);
    const early = await post(admin, '/api/admin/books/years/2026/close');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Clôturez d’abord l’exercice 2025.');
    expect((await post(admin, '/api/admin/books/years/2025/close')).statusCode).toBe(200);
    const status = await t.app.inject({ method: 'GET', url: '/api/admin/books/years/2025', headers: bearer(admin.token) });
    expect(status.json()).toMatchObject({ year: 2025, closed: true, result: 3_000 });
    const years = await t.app.inject({ method: 'GET', url: '/api/admin/books/years', headers: bearer(admin.token) });
    expect(years.json().map((y: { year: number; closed: boolean }) => [y.year, y.closed])).toEqual([
      [2025, true],
      [2026, false],
    ]);
  });

  it('posts money recorded later for a closed year on the first day of the next open year', async () => {
    const caisse = (await t.db.selectFrom('treasury_accounts').select('id').executeTakeFirstOrThrow()).id;
    const late = await offlineDonation(t, admin, { amount: 2_000, received_at: '2025-12-30', account: caisse, reference: 'TARDIF-1' });
    expect(late.statusCode, late.body).toBe(201);
    const list = await entries(t, admin, '?year=2026&journal=CA');
    const entry = list.find((e) => e.reference === 'TARDIF-1');
    expect(entry?.date).toBe('2026-01-01');
  });

  it('rejects a reopening (not by its proposer), which leaves the year closed', async () => {
    const proposed = await post(admin, '/api/admin/books/years/2025/reopen', { reason: 'Vérification' });
    expect(proposed.statusCode).toBe(202);
    // The pending proposal is listed with who proposed it (the back office shows it beside the year).
    const listed = await t.app.inject({ method: 'GET', url: '/api/admin/books/reopenings', headers: bearer(second.token) });
    expect(listed.json()[0]).toMatchObject({ year: 2025, status: 'en_attente', reason: 'Vérification', proposed_by_name: admin.name });
    const twice = await post(second, '/api/admin/books/years/2025/reopen', { reason: 'Encore' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Une réouverture de cet exercice attend déjà l’accord d’un autre administrateur.');
    expect((await post(admin, `/api/admin/books/reopenings/${proposed.json().id}/reject`)).statusCode).toBe(403);
    const rejected = await post(second, `/api/admin/books/reopenings/${proposed.json().id}/reject`);
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().status).toBe('rejetee');
    expect(rejected.json().message).toBe('Réouverture refusée : l’exercice reste clôturé.');
    const status = await t.app.inject({ method: 'GET', url: '/api/admin/books/years/2025', headers: bearer(admin.token) });
    expect(status.json().closed).toBe(true);
    const notClosed = await post(admin, '/api/admin/books/years/2026/reopen', { reason: 'Rien' });
    expect(notClosed.statusCode).toBe(409);
    expect(notClosed.json().message).toBe('L’exercice 2026 n’est pas clôturé.');
  });

  it('refuses a budget naming an account twice for the same cause', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/books/budgets/2026',
      headers: bearer(admin.token),
      payload: {
        lines: [
          { account: '638', amount: 1_000 },
          { account: '638', amount: 2_000 },
        ],
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.lines).toEqual(['Ce compte figure deux fois dans le budget pour la même cause.']);
  });
});
