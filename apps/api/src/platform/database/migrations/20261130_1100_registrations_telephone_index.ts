import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code.
//
// Every sign-in (by code or by password) links to the account the registrations made with its telephone and not yet
// linked (accounts/data/phone-records.ts): looked up by telephone, which no index of event_registrations served.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('event_registrations_telephone').on('event_registrations').columns(['telephone', 'user_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('event_registrations_telephone').execute();
}
