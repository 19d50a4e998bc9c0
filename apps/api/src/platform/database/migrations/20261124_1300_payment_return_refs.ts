import type { Kysely } from 'kysely';

// Frozen in time: never imports application code.
// - return_ref_hash on donations/payments: SHA-256 of the random per-checkout reference the payer comes back
//   with (/api/payments/return/{kind}/{ref}); sequential ids no longer open anyone's record.
// - checkout_key_hash on sandbox_transactions: SHA-256 of the random key of the simulator's checkout page, so
//   knowing a transaction id is not enough to decide someone else's checkout.

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['donations', 'payments']) {
    await db.schema.alterTable(table).addColumn('return_ref_hash', 'text').execute();
    await db.schema.createIndex(`${table}_return_ref_hash_idx`).on(table).column('return_ref_hash').unique().execute();
  }
  await db.schema.alterTable('sandbox_transactions').addColumn('checkout_key_hash', 'text').execute();
  await db.schema
    .createIndex('sandbox_transactions_checkout_key_hash_idx')
    .on('sandbox_transactions')
    .column('checkout_key_hash')
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('sandbox_transactions_checkout_key_hash_idx').ifExists().execute();
  await db.schema.alterTable('sandbox_transactions').dropColumn('checkout_key_hash').execute();
  for (const table of ['donations', 'payments']) {
    await db.schema.dropIndex(`${table}_return_ref_hash_idx`).ifExists().execute();
    await db.schema.alterTable(table).dropColumn('return_ref_hash').execute();
  }
}
