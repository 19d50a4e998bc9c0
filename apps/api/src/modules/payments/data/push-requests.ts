import { sql } from 'kysely';
import { type DB, isPostgres } from '../../../platform/database/database';

// Payment requests on a telephone (docs/giving-by-phone.md): the gifts and payments asked with `mode: "push"` (their
// `channel` is set), counted per telephone for the limit on how many may reach one number.

/**
 * PostgreSQL: holds, until the transaction ends, the lock of this telephone's requests, so that parallel requests
 * for one number count one after the other (writeTransaction). SQLite: the IMMEDIATE transaction already does.
 */
export async function lockPushTelephone(trx: DB, telephone: string): Promise<void> {
  if (!isPostgres(trx)) return;
  await sql`select pg_advisory_xact_lock(hashtext(${`push:${telephone}`}))`.execute(trx);
}

/** When each request on this telephone asked since `since` was made, oldest first (gifts and payments alike). */
export async function pushRequestTimesSince(trx: DB, telephone: string, since: string): Promise<string[]> {
  const times = (table: 'donations' | 'payments') =>
    trx
      .selectFrom(table)
      .select('created_at')
      .where('phone', '=', telephone)
      .where('channel', 'is not', null)
      .where('created_at', '>=', since)
      .execute();
  const [donations, payments] = [await times('donations'), await times('payments')];
  return [...donations, ...payments].map((r) => r.created_at).sort();
}
