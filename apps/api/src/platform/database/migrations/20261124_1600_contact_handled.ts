import type { Kysely } from 'kysely';

// Frozen in time: never imports application code.
// contact_messages gain a handled state (issue #18 §5): when an administrator dealt with the message and who.
// NULL handled_at = new; the index serves the "new messages" count of the administrator's landing view.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contact_messages').addColumn('handled_at', 'text').execute();
  await db.schema.alterTable('contact_messages').addColumn('handled_by', 'integer').execute();
  await db.schema.createIndex('contact_messages_handled').on('contact_messages').columns(['handled_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('contact_messages_handled').ifExists().execute();
  await db.schema.alterTable('contact_messages').dropColumn('handled_by').execute();
  await db.schema.alterTable('contact_messages').dropColumn('handled_at').execute();
}
