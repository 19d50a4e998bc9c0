import { randomBytes } from 'node:crypto';
import { type DB, nowIso } from '../../../platform/database/database';

/** A signing secret of this area, created once (the same row whichever process asks first). */
export async function loadSecret(db: DB, name: string): Promise<string> {
  await db
    .insertInto('app_secrets')
    .values({ name, value: randomBytes(32).toString('base64url'), created_at: nowIso() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}
