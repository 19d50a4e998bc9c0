import type { Kysely } from 'kysely';

// Frozen in time: never imports application code.
// - donations and payments gain how the money came in: `source` ('online' through the gateway, 'offline'
//   recorded by hand), the recording administrator, the method and reference of a hand-recorded entry,
//   and the reason given when an administrator cancels (soft-deletes) a record.
// - memberships: one row per account that ever paid its dues, with the end of its current period
//   (recomputed from its payments whenever one is approved, refunded or cancelled).
// - audit_log gets the indexes its filters use.

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['donations', 'payments']) {
    await db.schema
      .alterTable(table)
      .addColumn('source', 'text', (c) => c.notNull().defaultTo('online'))
      .execute();
    await db.schema.alterTable(table).addColumn('recorded_by', 'integer').execute();
    await db.schema.alterTable(table).addColumn('method', 'text').execute();
    await db.schema.alterTable(table).addColumn('reference', 'text').execute();
    await db.schema.alterTable(table).addColumn('deleted_reason', 'text').execute();
  }
  await db.schema.createIndex('payments_user_type').on('payments').columns(['user_id', 'payment_type']).execute();
  await db.schema.createIndex('donations_phone_paid').on('donations').columns(['phone', 'paid_at']).execute();

  await db.schema
    .createTable('memberships')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('valid_until', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('memberships_valid_until').on('memberships').columns(['valid_until', 'user_id']).execute();

  await db.schema.createIndex('audit_log_entity_recent').on('audit_log').columns(['entity', 'id']).execute();
  await db.schema.createIndex('audit_log_action').on('audit_log').columns(['action', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('audit_log_action').ifExists().execute();
  await db.schema.dropIndex('audit_log_entity_recent').ifExists().execute();
  await db.schema.dropTable('memberships').ifExists().execute();
  await db.schema.dropIndex('donations_phone_paid').ifExists().execute();
  await db.schema.dropIndex('payments_user_type').ifExists().execute();
  for (const table of ['donations', 'payments']) {
    for (const c of ['deleted_reason', 'reference', 'method', 'recorded_by', 'source'])
      await db.schema.alterTable(table).dropColumn(c).execute();
  }
}
