import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code.
//
// The ticket SMS a telephone receives are counted per day at every registration, so that a number typed by a
// stranger is not flooded (docs/product/events.md): registrations looked up by telephone and date.
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
