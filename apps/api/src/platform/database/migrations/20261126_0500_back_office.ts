import type { Kysely } from 'kysely';

// Frozen in time: never imports application code.
// Issue #33 (back office): an administrator deactivates an account (users.is_active, 1 = may log in), and a
// submitted project has a status (recu → en_examen → accepte | refuse) with the last reply sent to the applicant
// and an optional telephone to reach them by SMS. The index serves « À traiter »'s count of new projects.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('projects')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('recu'))
    .execute();
  await db.schema.alterTable('projects').addColumn('telephone', 'text').execute();
  await db.schema.alterTable('projects').addColumn('status_message', 'text').execute();
  await db.schema.alterTable('projects').addColumn('status_changed_at', 'text').execute();
  await db.schema.createIndex('projects_status').on('projects').columns(['status', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('projects_status').ifExists().execute();
  for (const column of ['status_changed_at', 'status_message', 'telephone', 'status']) {
    await db.schema.alterTable('projects').dropColumn(column).execute();
  }
  await db.schema.alterTable('users').dropColumn('is_active').execute();
}
