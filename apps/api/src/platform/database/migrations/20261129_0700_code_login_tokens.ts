import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code.
//
// Phone-only people, round three: a token obtained with an SMS code remembers when the code was verified, so that
// within 15 minutes of it the person may choose a password without the old one (which they may never have had).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('auth_tokens').addColumn('code_verified_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('auth_tokens').dropColumn('code_verified_at').execute();
}
