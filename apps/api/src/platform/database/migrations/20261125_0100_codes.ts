import type { Kysely } from 'kysely';

// Frozen in time: never imports application code.
// one_time_codes: every short code sent by SMS (account recovery, code logins, requests proved by a code).
// A code belongs to a subject (an E.164 telephone or another key) and a purpose; only a hash of its digits
// is kept. The newest unused, unexpired row of a subject and purpose is the live one; attempts counts the
// tries (void at 5); used_at marks it consumed or voided.
// outbox_messages.secret: the code a queued message carries. The row's body (and HTML) hold a mask where the
// code goes, so that the outbox list and its export never show it; the worker puts the code back only in
// what it hands to the SMS or e-mail provider, and clears the column once the message has left.

function isPg(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres');
}

export async function up(db: Kysely<any>): Promise<void> {
  const table = db.schema.createTable('one_time_codes');
  await (isPg(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('requested_by', 'integer')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('one_time_codes_subject').on('one_time_codes').columns(['subject', 'purpose', 'created_at']).execute();
  await db.schema.alterTable('outbox_messages').addColumn('secret', 'text').execute();
  await db.schema.createIndex('one_time_codes_user').on('one_time_codes').columns(['user_id', 'used_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox_messages').dropColumn('secret').execute();
  await db.schema.dropTable('one_time_codes').ifExists().execute();
}
