import type { Kysely } from 'kysely';

// Public image requests look a record up by its stored file key; index those keys.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('testimonials_avatar').on('testimonials').column('avatar').execute();
  await db.schema.createIndex('volunteers_profile_image').on('volunteers').column('profile_image').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('volunteers_profile_image').execute();
  await db.schema.dropIndex('testimonials_avatar').execute();
}
