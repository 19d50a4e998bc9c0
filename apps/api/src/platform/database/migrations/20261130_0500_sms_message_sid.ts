import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code.
//
// An inbound SMS is carried out once: Twilio's MessageSid is kept with the command (unique), so the same signed
// call replayed, or retried by the provider, changes nothing. The index on created_at lets every call prune the
// rows past the hour they count in (docs/giving-by-phone.md).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sms_commands').addColumn('message_sid', 'text').execute();
  await db.schema.createIndex('sms_commands_message_sid').unique().on('sms_commands').column('message_sid').execute();
  await db.schema.createIndex('sms_commands_created_at').on('sms_commands').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('sms_commands_created_at').execute();
  await db.schema.dropIndex('sms_commands_message_sid').execute();
  await db.schema.alterTable('sms_commands').dropColumn('message_sid').execute();
}
