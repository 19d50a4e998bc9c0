import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code.
//
// Registrations are looked up by telephone: the ticket SMS a number received today, counted at every registration so
// that a number typed by a stranger is not flooded (docs/product/events.md), and the records linked to an account at
// each sign-in (accounts/data/phone-records.ts).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('event_registrations_telephone_created')
    .on('event_registrations')
    .columns(['telephone', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('event_registrations_telephone_created').execute();
}
