import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code.
//
// Volunteer hours are confirmed by the coordinator: the minutes served (inside the shift's window, or as the
// coordinator adjusted them), when and by whom they were confirmed. Only confirmed hours reach the attestation.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('shift_signups').addColumn('hours_minutes', 'integer').execute();
  await db.schema.alterTable('shift_signups').addColumn('hours_confirmed_at', 'text').execute();
  await db.schema.alterTable('shift_signups').addColumn('hours_confirmed_by', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('shift_signups').dropColumn('hours_confirmed_by').execute();
  await db.schema.alterTable('shift_signups').dropColumn('hours_confirmed_at').execute();
  await db.schema.alterTable('shift_signups').dropColumn('hours_minutes').execute();
}
