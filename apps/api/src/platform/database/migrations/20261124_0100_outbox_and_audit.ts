import type { Kysely } from 'kysely';

// Frozen in time: never imports application code.
// - outbox_messages: every SMS and e-mail the platform sends. A request only inserts a row; a worker
//   claims due rows (locked_until) and sends them, retrying with backoff until `failed`.
//   dedupe_key (unique, nullable) makes "send once" rules (reminders, notifications) hold across
//   processes and restarts: a second insert with the same key is ignored.
// - audit_log gains the client's address and the record's state before and after the change.

function isPg(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres');
}

export async function up(db: Kysely<any>): Promise<void> {
  const t = db.schema.createTable('outbox_messages');
  await (isPg(db)
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('html', 'text')
    .addColumn('headers', 'text')
    .addColumn('dedupe_key', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('outbox_messages_dedupe_key').on('outbox_messages').column('dedupe_key').unique().execute();
  await db.schema.createIndex('outbox_messages_due').on('outbox_messages').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('outbox_messages_to').on('outbox_messages').columns(['to_address', 'id']).execute();

  await db.schema.alterTable('audit_log').addColumn('ip', 'text').execute();
  await db.schema.alterTable('audit_log').addColumn('before_state', 'text').execute();
  await db.schema.alterTable('audit_log').addColumn('after_state', 'text').execute();
  await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_user_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('audit_log_actor').ifExists().execute();
  for (const c of ['after_state', 'before_state', 'ip']) await db.schema.alterTable('audit_log').dropColumn(c).execute();
  await db.schema.dropTable('outbox_messages').ifExists().execute();
}
