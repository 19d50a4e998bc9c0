import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code.
//
// Giving from any phone (docs/giving-by-phone.md): how an online gift or payment was asked for, so the back office
// shows it like any other: 'telephone' (a request on the payer's telephone from a web form), 'sms' (a command by
// SMS); null for the checkout page and for entries by hand. Older rows stay null.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('donations').addColumn('channel', 'text').execute();
  await db.schema.alterTable('payments').addColumn('channel', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payments').dropColumn('channel').execute();
  await db.schema.alterTable('donations').dropColumn('channel').execute();
}
