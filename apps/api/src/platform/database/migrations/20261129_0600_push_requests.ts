import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code.
//
// Giving from any phone (docs/giving-by-phone.md): a payment requested on the payer's telephone has no
// checkout page; the sandbox lets such a request expire (push_expires_at). sms_commands counts the commands each
// number sent by SMS (at most 10 an hour) — the number and the command word only, never the message's text.

function isPg(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres');
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sandbox_transactions').addColumn('push_expires_at', 'text').execute();
  const table = db.schema.createTable('sms_commands');
  await (isPg(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('telephone', 'text', (c) => c.notNull())
    .addColumn('command', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sms_commands_telephone').on('sms_commands').columns(['telephone', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sms_commands').execute();
  await db.schema.alterTable('sandbox_transactions').dropColumn('push_expires_at').execute();
}
