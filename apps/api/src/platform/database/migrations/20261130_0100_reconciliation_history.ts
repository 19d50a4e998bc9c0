import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code.
//
// Books, the treasurer's findings (docs/books.md): a reconciliation keeps who matched each statement line and when,
// so that past reconciliations show their history; a transfer between two accounts can be cancelled (countered,
// with a reason), never deleted.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('treasury_statement_lines').addColumn('matched_by', 'integer').execute();
  await db.schema.alterTable('treasury_statement_lines').addColumn('matched_at', 'text').execute();
  await db.schema.alterTable('treasury_transfers').addColumn('cancelled_by', 'integer').execute();
  await db.schema.alterTable('treasury_transfers').addColumn('cancelled_at', 'text').execute();
  await db.schema.alterTable('treasury_transfers').addColumn('cancel_reason', 'text').execute();
  // A reconciliation tells a cancelled movement (one a counter-entry points at) from one the bank has not seen yet.
  await db.schema.createIndex('treasury_movements_reverses').on('treasury_movements').column('reverses_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('treasury_movements_reverses').execute();
  await db.schema.alterTable('treasury_transfers').dropColumn('cancel_reason').execute();
  await db.schema.alterTable('treasury_transfers').dropColumn('cancelled_at').execute();
  await db.schema.alterTable('treasury_transfers').dropColumn('cancelled_by').execute();
  await db.schema.alterTable('treasury_statement_lines').dropColumn('matched_at').execute();
  await db.schema.alterTable('treasury_statement_lines').dropColumn('matched_by').execute();
}
