import { randomBytes } from 'node:crypto';
import { type DB, nowIso } from './database';

// Signing secrets kept in `app_secrets` (receipt links, event tickets, consent links): created once, the same row
// whichever process asks first (a concurrent first start keeps whichever insert came first).

/** The named secret, created with 32 random bytes the first time it is asked for. */
export async function loadSecret(db: DB, name: string): Promise<string> {
  await db
    .insertInto('app_secrets')
    .values({ name, value: randomBytes(32).toString('base64url'), created_at: nowIso() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}
