import type { Kysely } from 'kysely';

// Frozen in time: never imports application code.
// - password_reset_codes: one row per recovery code sent; only a hash of the 6 digits is kept.
//   The newest unused row of a user is the live one; attempts counts wrong tries (void at 5).
// - newsletter_sends: what an administrator sent; each e-mail is an outbox row pointing back to it
//   (outbox_messages.newsletter_send_id) so sent/failed counts come from the outbox itself.
// - newsletter_subscriptions.unsubscribe_token: the secret of each subscriber's one-click link.

function isPg(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres');
}

const withId = (db: Kysely<any>, name: string) => {
  const t = db.schema.createTable(name);
  return isPg(db)
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
};

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, 'password_reset_codes')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('requested_by', 'integer')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('password_reset_codes_user').on('password_reset_codes').columns(['user_id', 'created_at']).execute();

  await withId(db, 'newsletter_sends')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('recipients', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('outbox_messages').addColumn('newsletter_send_id', 'integer').execute();
  await db.schema.createIndex('outbox_messages_newsletter').on('outbox_messages').columns(['newsletter_send_id', 'status']).execute();
  await db.schema.createIndex('outbox_messages_created').on('outbox_messages').columns(['created_at', 'id']).execute();

  await db.schema.alterTable('newsletter_subscriptions').addColumn('unsubscribe_token', 'text').execute();
  await db.schema
    .createIndex('newsletter_subscriptions_unsubscribe')
    .on('newsletter_subscriptions')
    .column('unsubscribe_token')
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('newsletter_subscriptions_unsubscribe').ifExists().execute();
  await db.schema.alterTable('newsletter_subscriptions').dropColumn('unsubscribe_token').execute();
  await db.schema.dropIndex('outbox_messages_created').ifExists().execute();
  await db.schema.dropIndex('outbox_messages_newsletter').ifExists().execute();
  await db.schema.alterTable('outbox_messages').dropColumn('newsletter_send_id').execute();
  await db.schema.dropTable('newsletter_sends').ifExists().execute();
  await db.schema.dropTable('password_reset_codes').ifExists().execute();
}
