import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';

let t: TestApp;
let admin: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
});
afterAll(async () => t?.close());

const give = async (telephone: string, amount: number, received_at: string, name = 'Donatrice Annuelle') => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/offline-payments',
    headers: bearer(admin.token),
    payload: { kind: 'donation', amount, name, telephone, method: 'especes', reference: `R-${amount}`, received_at, purpose: 'sante' },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
};

describe('year-end receipts', () => {
  it('sums each donor’s received donations of the year, without cancelled ones or other years', async () => {
    await give('+2290166000001', 10000, '2025-02-01');
    await give('+2290166000001', 5000, '2025-12-31');
    await give('+2290166000001', 7000, '2024-12-31');
    const cancelled = await give('+2290166000001', 99000, '2025-06-01');
    await t.app.inject({
      method: 'DELETE',
      url: `/api/donations/${cancelled}`,
      headers: bearer(admin.token),
      payload: { reason: 'Erreur' },
    });
    await give('+2290166000002', 2500, '2025-03-03', 'Autre Donateur');

    const res = await t.app.inject({ method: 'GET', url: '/api/admin/year-receipts?year=2025', headers: bearer(admin.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { telephone: '+2290166000001', name: 'Donatrice Annuelle', total: 15000, count: 2 },
      { telephone: '+2290166000002', name: 'Autre Donateur', total: 2500, count: 1 },
    ]);

    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/admin/year-receipts/${encodeURIComponent('+2290166000001')}/pdf?year=2025`,
      headers: bearer(admin.token),
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const none = await t.app.inject({
      method: 'GET',
      url: `/api/admin/year-receipts/${encodeURIComponent('+22966000009')}/pdf?year=2025`,
      headers: bearer(admin.token),
    });
    expect(none.statusCode).toBe(404);
    const badYear = await t.app.inject({ method: 'GET', url: '/api/admin/year-receipts?year=deux', headers: bearer(admin.token) });
    expect(badYear.statusCode).toBe(422);
    expect(badYear.json().errors.year).toEqual(['Veuillez choisir une année valide.']);
  });

  it('downloads every donor’s PDF in one zip', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/year-receipts/zip?year=2025', headers: bearer(admin.token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="recus-annuels-2025.zip"');
    const zip = res.rawPayload;
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    const text = zip.toString('latin1');
    expect(text).toContain('recu-annuel-2025-2290166000001.pdf');
    expect(text).toContain('recu-annuel-2025-2290166000002.pdf');
  });

  it('finds a donor by the name of one gift and shows the whole year, but not by what only the gifts’ other columns hold', async () => {
    await give('+2290166000003', 3000, '2025-04-01', 'Zephyrine Quatre');
    await give('+2290166000003', 4000, '2025-05-01', 'Autre Nom');
    const search = async (q: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/year-receipts?year=2025&q=${encodeURIComponent(q)}`,
        headers: bearer(admin.token),
      });
      expect(res.statusCode).toBe(200);
      return { items: res.json(), total: res.headers['x-total-count'] };
    };
    expect(await search('zephyrine')).toEqual({
      items: [{ telephone: '+2290166000003', name: 'Zephyrine Quatre', total: 7000, count: 2 }],
      total: '1',
    });
    expect((await search('01 66 00 00 03')).items).toEqual([
      { telephone: '+2290166000003', name: 'Zephyrine Quatre', total: 7000, count: 2 },
    ]);
    // A donor counts once however many of the year's gifts match (two « Donatrice Annuelle » and one « Autre Donateur »).
    expect((await search('donat')).total).toBe('2');
    // The donations' search index also holds causes and references: the list searches names and telephones only.
    expect(await search('sante')).toEqual({ items: [], total: '0' });
    expect(await search('R-4000')).toEqual({ items: [], total: '0' });
  });

  it('is for administrators only', async () => {
    const member = await seedUser(t, 'membre');
    for (const url of [
      '/api/admin/year-receipts?year=2025',
      '/api/admin/year-receipts/zip?year=2025',
      '/api/admin/year-receipts/1/pdf?year=2025',
    ]) {
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(member.token) })).statusCode).toBe(403);
    }
  });
});
