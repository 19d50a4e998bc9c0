import type { Executor } from './records';

// Receipt counters (the signing secret: platform/database/app-secrets.ts).

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
