import type { Insertable } from 'kysely';
import type { DB } from '../../../platform/database/database';
import type { SandboxTransactionsTable } from '../../../platform/database/schema';

// The payment simulator's own table (sandbox_transactions).

export async function insertSandboxTransaction(db: DB, values: Insertable<SandboxTransactionsTable>): Promise<void> {
  await db.insertInto('sandbox_transactions').values(values).execute();
}

export function findSandboxTransaction(db: DB, id: string) {
  return db.selectFrom('sandbox_transactions').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findSandboxTransactionByKeyHash(db: DB, keyHash: string) {
  return db.selectFrom('sandbox_transactions').selectAll().where('checkout_key_hash', '=', keyHash).executeTakeFirst();
}

/** Moves a pending transaction to `status`; false when it was no longer pending. */
export async function decideSandboxTransaction(db: DB, id: string, status: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('sandbox_transactions')
    .set({ status, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
