import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';
import { createAccount, expenseValues, offlineDonation, postExpense } from './helpers';

// The public transparency answer: per cause, raised and spent by month, and the share of running costs. It names
// no one (searched in its raw text), and a month where a cause had fewer than 3 gifts is folded into the year.

let t: TestApp;
let admin: SeededUser;
let caisse: { id: number };
const DONORS = [
  { name: 'Ahouéfa Houngbo', telephone: '0197111111' },
  { name: 'Jean-Baptiste N’Dri', telephone: '+229 01 97 22 22 22' },
  { name: 'Koffi Agbo-Dossou', telephone: '22901 97 33 33 33' },
  { name: 'Mariam Sanni', telephone: '0197444444' },
  { name: 'Rachidatou Bio', telephone: '0197555555' },
];

beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
  caisse = await createAccount(t, admin, 'Caisse', 'caisse', 0, '2026-01-01');
  // Santé: 3 gifts in March (shown), 2 in April (folded), 1 refunded... cancelled in March (leaves the totals).
  const give = async (i: number, amount: number, received_at: string, purpose = 'sante') => {
    const res = await offlineDonation(t, admin, { ...DONORS[i]!, amount, received_at, purpose });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  await give(0, 10_000, '2026-03-02');
  await give(1, 20_000, '2026-03-10');
  await give(2, 30_000, '2026-03-20');
  const cancelled = await give(3, 99_000, '2026-03-21');
  await give(3, 4_000, '2026-04-03');
  await give(4, 6_000, '2026-04-15');
  await give(4, 7_777, '2026-05-01', 'education');
  await give(0, 50_000, '2025-12-31');
  const del = await t.app.inject({
    method: 'DELETE',
    url: `/api/donations/${cancelled}`,
    headers: bearer(admin.token),
    payload: { reason: 'Chèque sans provision' },
  });
  expect(del.statusCode).toBe(200);
  expect(
    (await postExpense(t, admin, expenseValues(caisse.id, 15_000, { category: 'sante', purpose: 'sante', paid_at: '2026-04-10' })))
      .statusCode,
  ).toBe(201);
  expect(
    (await postExpense(t, admin, expenseValues(caisse.id, 5_000, { category: 'fonctionnement', purpose: '', paid_at: '2026-04-11' })))
      .statusCode,
  ).toBe(201);
  expect(
    (await postExpense(t, admin, expenseValues(caisse.id, 1_000, { category: 'frais_financiers', purpose: '', paid_at: '2026-04-12' })))
      .statusCode,
  ).toBe(201);
});
afterAll(async () => t?.close());

describe('GET /api/transparency', () => {
  it('is public and gives each cause its raised, donations and spent, by month, with thin months folded', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/transparency?year=2026' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const sante = body.causes.find((c: { purpose: string }) => c.purpose === 'sante');
    expect(sante).toMatchObject({ raised: 70_000, donations: 5, spent: 15_000, label: 'Santé' });
    expect(sante.months).toEqual([
      { month: '2026-03', raised: 60_000, donations: 3, spent: 0 },
      { month: '2026-04', raised: 0, donations: 0, spent: 15_000 },
    ]);
    expect(sante.other_months).toEqual({ raised: 10_000, donations: 2 });
    const education = body.causes.find((c: { purpose: string }) => c.purpose === 'education');
    expect(education.months).toEqual([]);
    expect(education.other_months).toEqual({ raised: null, donations: 1 });
    expect(education.raised).toBeNull();
    // No month of any cause shows fewer than 3 gifts.
    for (const cause of body.causes) for (const m of cause.months) expect(m.donations === 0 || m.donations >= 3).toBe(true);
    expect(body.running_costs).toEqual({ fonctionnement: 5_000, frais_financiers: 1_000, total: 6_000, share: 0.2857 });
    expect(body.spent).toBe(21_000);
    expect(body.years).toEqual([2026, 2025]);
  });

  it('names no donor: no name, telephone (in any form) or e-mail in its raw text', async () => {
    for (const year of [2025, 2026]) {
      const raw = (await t.app.inject({ method: 'GET', url: `/api/transparency?year=${year}` })).body;
      for (const donor of DONORS) {
        for (const part of donor.name.split(/[\s’'-]+/).filter((p) => p.length >= 3))
          expect(raw.toLowerCase()).not.toContain(part.toLowerCase());
        const digits = donor.telephone.replace(/\D/g, '');
        expect(raw).not.toContain(digits.slice(-8));
      }
      expect(raw).not.toMatch(/@|\+229|telephone|phone|name"/i);
    }
  });

  it('a year without activity answers zeros; a bad year is a French 422', async () => {
    const empty = (await t.app.inject({ method: 'GET', url: '/api/transparency?year=2020' })).json();
    expect(empty.raised).toBe(0);
    expect(empty.causes).toHaveLength(7);
    const bad = await t.app.inject({ method: 'GET', url: '/api/transparency?year=deux' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBeTruthy();
  });
});

describe('the administrator’s donations list', () => {
  it('shows the donor’s name and telephone, and its search finds them in any form', async () => {
    const list = async (q: string) =>
      (
        await t.app.inject({ method: 'GET', url: `/api/donations?q=${encodeURIComponent(q)}`, headers: bearer(admin.token) })
      ).json() as Array<{
        name: string;
        phone: string;
      }>;
    const byName = await list('houngbo');
    expect(byName.length).toBeGreaterThan(0);
    expect(byName[0]!.name).toBe('Ahouéfa Houngbo');
    expect(byName[0]!.phone).toContain('97111111');
    expect((await list('0197111111')).length).toBeGreaterThan(0);
    expect((await list('97 11 11 11')).length).toBeGreaterThan(0);
  });
});
