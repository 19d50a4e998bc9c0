import type { DB } from '../../../platform/database/database';
import type { Executor } from './records';

// Receipt counters and the receipt signing secret.

/** Raises the series' counter by one (creating it at 0 first) and returns its new value; the row stays locked in `trx`. */
export async function bumpReceiptCounter(trx: Executor, series: string): Promise<number> {
  await trx
    .insertInto('receipt_counters')
    .values({ series, value: 0 })
    .onConflict((oc) => oc.column('series').doNothing())
    .execute();
  const row = await trx
    .updateTable('receipt_counters')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('series', '=', series)
    .returning('value')
    .executeTakeFirstOrThrow();
  return row.value;
}

/** The named secret, stored with `candidate` the first time (a concurrent first start keeps whichever came first). */
export async function loadOrCreateSecret(db: DB, name: string, candidate: string, now: string): Promise<string> {
  await db
    .insertInto('app_secrets')
    .values({ name, value: candidate, created_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}
