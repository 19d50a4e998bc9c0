import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinnedSchema } from '../../src/platform/database/database';
import { migrations } from '../../src/platform/database/migrations';
import { createTestApp, type TestApp } from '../helpers/test-app';

// Zones from Benin's reference list (docs/product/places.md, issue #33 item 1).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Zone = { department: string; commune: string; arrondissements: string[] };

describe('GET /api/zones', () => {
  it('lists the 12 departments, 77 communes and 546 arrondissements, publicly', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/zones' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('public');
    const zones = res.json() as Zone[];
    expect(new Set(zones.map((z) => z.department)).size).toBe(12);
    expect(zones).toHaveLength(77);
    expect(new Set(zones.map((z) => z.commune)).size).toBe(77);
    expect(zones.reduce((n, z) => n + z.arrondissements.length, 0)).toBe(546);
    const cotonou = zones.find((z) => z.commune === 'Cotonou')!;
    expect(cotonou.department).toBe('Littoral');
    expect(cotonou.arrondissements).toHaveLength(13);
    expect(cotonou.arrondissements.at(-1)).toBe('13e arrondissement');
    expect(zones.find((z) => z.commune === 'Abomey-Calavi')).toMatchObject({ department: 'Atlantique' });
    expect(zones.find((z) => z.commune === 'Abomey-Calavi')!.arrondissements).toContain('Godomey');
  });
});

describe('migration 20261126_0320_zones', () => {
  it('maps zones typed before the list, and lists those it could not map', async () => {
    const schema = pinnedSchema(t.db);
    const migrator = new Migrator({
      db: t.db,
      provider: { getMigrations: async () => migrations },
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
    const names = Object.keys(migrations);
    const before = names[names.indexOf('20261126_0320_zones') - 1]!;
    expect((await migrator.migrateTo(before)).error).toBeUndefined();
    const now = new Date().toISOString();
    const typed = ['Cotonou Akpakpa', 'ABOMEY-CALAVI', 'Godomey', 'cotonou - 13e arrondissement', 'Chez ma tante', 'Porto Novo'];
    const ids: number[] = [];
    for (const [i, zone] of typed.entries()) {
      const row = await t.db
        .insertInto('users')
        .values({
          name: `Personne ${'abcdef'[i]}`,
          email: `zone${i}@example.bj`,
          telephone: `+229019700${String(i).padStart(4, '0')}`,
          password_hash: 'x',
          role: 'consommateur',
          zone,
          zone_key: zone.toLowerCase(),
          created_at: now,
          updated_at: now,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const rows = await t.db
      .selectFrom('users')
      .select(['id', 'zone', 'commune', 'department'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.zone, r.commune, r.department])).toEqual([
      ['Cotonou', 'Cotonou', 'Littoral'],
      ['Abomey-Calavi', 'Abomey-Calavi', 'Atlantique'],
      ['Abomey-Calavi — Godomey', 'Abomey-Calavi', 'Atlantique'],
      ['Cotonou — 13e arrondissement', 'Cotonou', 'Littoral'],
      ['Chez ma tante', null, null],
      ['Porto-Novo', 'Porto-Novo', 'Ouémé'],
    ]);
    const unmapped = await t.db.selectFrom('zones_unmapped').selectAll().where('table_name', '=', 'users').execute();
    expect(unmapped.map((u) => [u.row_id, u.zone])).toEqual([[ids[4], 'Chez ma tante']]);
  });

  it('lets several accounts have no e-mail while an e-mail stays unique', async () => {
    const now = new Date().toISOString();
    const base = { password_hash: 'x', role: 'consommateur', created_at: now, updated_at: now, name: 'Sans Courriel' };
    await t.db
      .insertInto('users')
      .values({ ...base, email: '', telephone: '+2290197009001' })
      .execute();
    await t.db
      .insertInto('users')
      .values({ ...base, email: '', telephone: '+2290197009002' })
      .execute();
    await t.db
      .insertInto('users')
      .values({ ...base, email: 'unique@example.bj', telephone: '+2290197009003' })
      .execute();
    await expect(
      t.db
        .insertInto('users')
        .values({ ...base, email: 'unique@example.bj', telephone: '+2290197009004' })
        .execute(),
    ).rejects.toThrow();
  });
});
