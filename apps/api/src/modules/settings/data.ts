import { type DB, nowIso } from '../../platform/database/database';

// The settings area's queries (app_settings): one row per setting, its value as JSON.

export async function readSetting(db: DB, name: string): Promise<unknown | null> {
  const row = await db.selectFrom('app_settings').select('value').where('name', '=', name).executeTakeFirst();
  if (!row) return null;
  try {
    return JSON.parse(row.value);
  } catch {
    return null;
  }
}

export async function writeSetting(db: DB, name: string, value: unknown, actorId: number | null): Promise<void> {
  const json = JSON.stringify(value);
  const now = nowIso();
  await db
    .insertInto('app_settings')
    .values({ name, value: json, updated_by: actorId, updated_at: now })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: json, updated_by: actorId, updated_at: now }))
    .execute();
}
