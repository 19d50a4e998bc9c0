import { type Kysely, sql } from 'kysely';
import referenceList from '@shared/zones/benin-zones.json';
import { normalizeZone } from '@shared/format';
import { type ZoneCommune, ZoneIndex } from '@shared/zones/zones';

// Zones chosen from Benin's reference list (docs/product/places.md):
// - users and providers gain `commune` and `department`, filled from their zone, so providers are matched to a
//   person by commune first, then department (index on providers(department, commune));
// - every zone typed before the list existed is mapped to the list's spelling when it can be without guessing
//   (ZoneIndex.mapFreeText: « cotonou akpakpa » → « Cotonou »); what could not be mapped keeps its text, gets no
//   commune, and is listed in `zones_unmapped` (and in the migration's log line) for an administrator to fix;
// - e-mail becomes optional for accounts and volunteers: stored '' when absent, so the unique indexes only
//   apply to real addresses (partial unique indexes, both engines).
// Unlike other migrations this one reads shared code: the reference list and its matching rules are data this
// migration is about, and their first version is what it was written against (docs/decisions/zones-reference.md).

type Row = { id: number; zone: string | null };

async function mapZones(db: Kysely<any>, table: 'users' | 'providers', index: ZoneIndex, now: string): Promise<number> {
  const rows = (await db.selectFrom(table).select(['id', 'zone']).where('zone', 'is not', null).execute()) as Row[];
  let unmapped = 0;
  for (const row of rows) {
    const text = (row.zone ?? '').trim();
    if (text === '') continue;
    const found = index.mapFreeText(text);
    if (found) {
      await db
        .updateTable(table)
        .set({ zone: found.zone, zone_key: normalizeZone(found.zone), commune: found.commune, department: found.department })
        .where('id', '=', row.id)
        .execute();
    } else {
      unmapped += 1;
      await db.insertInto('zones_unmapped').values({ table_name: table, row_id: row.id, zone: text, created_at: now }).execute();
    }
  }
  return unmapped;
}

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['users', 'providers']) {
    await db.schema.alterTable(table).addColumn('commune', 'text').execute();
    await db.schema.alterTable(table).addColumn('department', 'text').execute();
  }
  await db.schema.createIndex('providers_department_commune').on('providers').columns(['department', 'commune', 'id']).execute();
  await db.schema
    .createTable('zones_unmapped')
    .addColumn('table_name', 'text', (c) => c.notNull())
    .addColumn('row_id', 'integer', (c) => c.notNull())
    .addColumn('zone', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('zones_unmapped_pk', ['table_name', 'row_id'])
    .execute();

  const index = new ZoneIndex((referenceList as { zones: ZoneCommune[] }).zones);
  const now = new Date().toISOString();
  const unmapped = (await mapZones(db, 'users', index, now)) + (await mapZones(db, 'providers', index, now));
  if (unmapped > 0) console.warn(`zones: ${unmapped} zone(s) not found in the reference list, listed in table zones_unmapped`);

  for (const [name, table] of [
    ['users_email_unique', 'users'],
    ['volunteers_email_unique', 'volunteers'],
  ] as const) {
    await db.schema.dropIndex(name).execute();
    await db.schema.createIndex(name).on(table).column('email').unique().where(sql.ref('email'), '<>', '').execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name, table] of [
    ['users_email_unique', 'users'],
    ['volunteers_email_unique', 'volunteers'],
  ] as const) {
    await db.schema.dropIndex(name).execute();
    await db.schema.createIndex(name).on(table).column('email').unique().execute();
  }
  await db.schema.dropTable('zones_unmapped').execute();
  await db.schema.dropIndex('providers_department_commune').execute();
  for (const table of ['users', 'providers']) {
    await db.schema.alterTable(table).dropColumn('department').execute();
    await db.schema.alterTable(table).dropColumn('commune').execute();
  }
}
