import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code.
//
// Volunteer hours are confirmed by the coordinator: the minutes served (inside the shift's window, or as the
// coordinator adjusted them), when and by whom they were confirmed. Only confirmed hours reach the attestation.
// The check-in device holds short codes only as a slow salted hash (PBKDF2): computed once per ticket and kept in
// event_registrations.door_code_hash, so the door's list is not recomputed at every refresh.
// Volunteers choose whether their photo and name appear on the public site (volunteers.public_profile, 0 by
// default: nobody already registered chose it).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('shift_signups').addColumn('hours_minutes', 'integer').execute();
  await db.schema.alterTable('shift_signups').addColumn('hours_confirmed_at', 'text').execute();
  await db.schema.alterTable('shift_signups').addColumn('hours_confirmed_by', 'integer').execute();
  await db.schema.alterTable('event_registrations').addColumn('door_code_hash', 'text').execute();
  await db.schema
    .alterTable('volunteers')
    .addColumn('public_profile', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('volunteers').dropColumn('public_profile').execute();
  await db.schema.alterTable('event_registrations').dropColumn('door_code_hash').execute();
  await db.schema.alterTable('shift_signups').dropColumn('hours_confirmed_by').execute();
  await db.schema.alterTable('shift_signups').dropColumn('hours_confirmed_at').execute();
  await db.schema.alterTable('shift_signups').dropColumn('hours_minutes').execute();
}
