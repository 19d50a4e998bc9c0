import type { Kysely } from 'kysely';

// Frozen in time: never imports application code.
// - sandbox_transactions: the built-in payment simulator's own "provider side" records.
// - app_secrets: server secrets generated once at first start (receipt link signatures).
// - receipt_counters: gap-free receipt numbering per series and year.
// - checked_at on donations/payments: when the background re-check last asked the provider.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sandbox_transactions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('customer_name', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('return_url', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('app_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('receipt_counters')
    .addColumn('series', 'text', (c) => c.primaryKey())
    .addColumn('value', 'integer', (c) => c.notNull())
    .execute();

  for (const table of ['donations', 'payments']) {
    await db.schema.alterTable(table).addColumn('checked_at', 'text').execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['donations', 'payments']) {
    await db.schema.alterTable(table).dropColumn('checked_at').execute();
  }
  for (const t of ['receipt_counters', 'app_secrets', 'sandbox_transactions']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
