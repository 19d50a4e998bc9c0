import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code.
//
// A pledge stays pending until its first gift is paid, at most three per telephone, counted at every creation; the
// SMS commands PAUSE, REPRISE and ARRET act on every pledge of the sender (docs/recurring-giving.md): both look
// pledges up by telephone and status, which no index served.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('pledges_telephone_status').on('pledges').columns(['telephone', 'status']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('pledges_telephone_status').execute();
}
