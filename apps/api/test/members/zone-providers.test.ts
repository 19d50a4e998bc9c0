import { normalizeZone } from '@shared/format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, seedUser } from '../helpers/users';
import { ALL_ROLES, providerPayload } from './fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const PLACES: Record<string, { commune: string; department: string }> = {
  cotonou: { commune: 'Cotonou', department: 'Littoral' },
  'abomey-calavi': { commune: 'Abomey-Calavi', department: 'Atlantique' },
  parakou: { commune: 'Parakou', department: 'Borgou' },
};

/** A provider record written straight into the database (zones shorter than the form allows, like "Cotonou"). */
async function seedProvider(zone: string, entreprise: string, domains: Record<string, number | null>) {
  const u = await seedUser(t, 'prestataire_morale');
  const now = new Date().toISOString();
  const { id } = await t.db
    .insertInto('providers')
    .values({
      user_id: u.id,
      entreprise,
      forme_juridique: 'Société anonyme',
      rccm: 'RB COT 2024 B 0001',
      adresse: 'Rue des Cocotiers 12',
      email: `${u.id}@prestataire.bj`,
      telephone: '+22990112233',
      whatsapp: null,
      marge_salaire: 10000,
      zone,
      zone_key: normalizeZone(zone),
      ...PLACES[normalizeZone(zone)],
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rows = Object.entries(domains).map(([domain, reduction]) => ({ provider_id: id, domain, reduction }));
  if (rows.length) await t.db.insertInto('provider_domains').values(rows).execute();
  return id;
}

const get = (token: string | null, zone?: string, extra = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/recupprestataires${zone === undefined ? '' : `?zone=${encodeURIComponent(zone)}`}${extra}`,
    headers: token ? bearer(token) : {},
  });

let cotonouA: number;
let cotonouB: number;
beforeAll(async () => {
  cotonouA = await seedProvider('Cotonou', 'Pharmacie du Littoral', { Santé: 10, Alimentation: null });
  cotonouB = await seedProvider('cotonou', 'Transport Express', { Mobilité: 5 });
  await seedProvider('Abomey-Calavi', 'École Les Palmiers', { Éducation: 20 });
  await seedProvider('Parakou', 'Habits du Nord', { Habillement: 0 });
});

describe('GET /api/recupprestataires', () => {
  it('lists a zone’s providers with domains and discounts, for the consumer token', async () => {
    const consumer = await seedUser(t, 'consommateur');
    const res = await get(consumer.token, 'Cotonou');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    const body = res.json();
    expect(body.map((p: { id: number }) => p.id)).toEqual([cotonouB, cotonouA]);
    expect(body[1]).toEqual({
      id: cotonouA,
      entreprise: 'Pharmacie du Littoral',
      domaines: ['Alimentation', 'Santé'],
      reductions: { Alimentation: null, Santé: 10 },
      zone: 'Cotonou',
      telephone: '+22990112233',
      email: `${body[1].email}`,
    });
    expect(body[1]).not.toHaveProperty('rccm');
    expect(body[1]).not.toHaveProperty('marge_salaire');
  });

  it('shows a membre its commune’s providers with their discounts (phone-only, round three)', async () => {
    const member = await seedUser(t, 'membre');
    const res = await get(member.token, 'Cotonou');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((p: { entreprise: string; reductions: object }) => [p.entreprise, p.reductions])).toEqual([
      ['Transport Express', { Mobilité: 5 }],
      ['Pharmacie du Littoral', { Alimentation: null, Santé: 10 }],
    ]);
  });

  it('compares zones without regard to case, accents or surrounding spaces', async () => {
    const consumer = await seedUser(t, 'consommateur');
    expect((await get(consumer.token, '  COTONOU ')).json()).toHaveLength(2);
    const calavi = (await get(consumer.token, 'abomey-calavi')).json();
    expect(calavi.map((p: { entreprise: string }) => p.entreprise)).toEqual(['École Les Palmiers']);
    expect((await get(consumer.token, 'Abomey-Calavï')).json()).toHaveLength(1);
    expect((await get(consumer.token, 'ÀBOMEY-CALAVI')).json()).toHaveLength(1);
  });

  it('finds a provider saved through the form under its zone typed differently', async () => {
    const provider = await seedUser(t, 'prestataire_physique');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/prestataires',
      headers: bearer(provider.token),
      payload: providerPayload({ entreprise: 'Menuiserie Bohicon', zone: 'Bohicon' }),
    });
    expect(res.statusCode).toBe(201);
    const consumer = await seedUser(t, 'consommateur');
    const list = (await get(consumer.token, ' BOHICON ')).json();
    expect(list.map((p: { entreprise: string }) => p.entreprise)).toEqual(['Menuiserie Bohicon']);
  });

  it('matches by commune first, then the rest of the department (issue #33: « Cotonou » meets « Cotonou — 13e arrondissement »)', async () => {
    const post = async (entreprise: string, zone: string) => {
      const provider = await seedUser(t, 'prestataire_morale');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/prestataires',
        headers: bearer(provider.token),
        payload: providerPayload({ entreprise, zone }),
      });
      expect(res.statusCode).toBe(201);
    };
    await post('Pharmacie de Ouidah', 'Ouidah');
    await post('Garage de Godomey', 'Abomey-Calavi — Godomey');
    await post('Boulangerie de Sô-Ava', 'Sô-Ava');
    await post('Clinique de Porto-Novo', 'Porto-Novo');
    const consumer = await seedUser(t, 'consommateur');
    const names = async (zone: string) => (await get(consumer.token, zone)).json().map((p: { entreprise: string }) => p.entreprise);
    // An Abomey-Calavi consumer: the commune's providers first (newest first), then the Atlantique department's.
    expect(await names('Abomey-Calavi')).toEqual([
      'Garage de Godomey',
      'École Les Palmiers',
      'Boulangerie de Sô-Ava',
      'Pharmacie de Ouidah',
    ]);
    // An arrondissement matches its whole commune first.
    expect((await names('Abomey-Calavi — Togba')).slice(0, 2)).toEqual(['Garage de Godomey', 'École Les Palmiers']);
    // Cotonou is alone in the Littoral: only its providers; Ouémé's are not Atlantique's.
    expect(await names('Cotonou — 13e arrondissement')).toEqual(['Transport Express', 'Pharmacie du Littoral']);
    expect(await names('Adjarra')).toEqual(['Clinique de Porto-Novo']);
  });

  it('answers an empty array for a zone without providers', async () => {
    const consumer = await seedUser(t, 'consommateur');
    const res = await get(consumer.token, 'Natitingou');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('paginates on the server', async () => {
    const adviser = await seedUser(t, 'conseiller');
    const res = await get(adviser.token, 'Cotonou', '&per_page=1&page=2');
    expect(res.json().map((p: { id: number }) => p.id)).toEqual([cotonouA]);
    expect(res.headers['x-total-count']).toBe('2');
  });

  it('requires a zone', async () => {
    const consumer = await seedUser(t, 'consommateur');
    const res = await get(consumer.token);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.zone).toEqual(['La zone est requise']);
    expect((await get(consumer.token, '   ')).statusCode).toBe(422);
  });

  it('is open to consumers, members, advisers and administrators only', async () => {
    expect((await get(null, 'Cotonou')).statusCode).toBe(401);
    for (const role of ALL_ROLES) {
      const u = await seedUser(t, role);
      const expected = ['consommateur', 'membre', 'conseiller', 'conseiller_pro', 'administrateur'].includes(role) ? 200 : 403;
      expect((await get(u.token, 'Cotonou')).statusCode, role).toBe(expected);
    }
  });
});
