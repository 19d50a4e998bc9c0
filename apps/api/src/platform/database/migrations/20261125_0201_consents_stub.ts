import type { Kysely } from 'kysely';

// TEMPORARY (removed when the personal-data migration lands): the consents table the WhatsApp channel reads.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('consents')
    .ifNotExists()
    .$call((t) =>
      db.getExecutor().adapter.constructor.name.startsWith('Postgres')
        ? t.addColumn('id', 'serial', (c) => c.primaryKey())
        : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()),
    )
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('given', 'integer', (c) => c.notNull())
    .addColumn('wording_version', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('telephone', 'text')
    .addColumn('email', 'text')
    .addColumn('user_id', 'integer')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
// Runs after 20261126_0100_personal_data's down (which keeps the table it may not have created): the table goes here.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('consents').ifExists().execute();
}
