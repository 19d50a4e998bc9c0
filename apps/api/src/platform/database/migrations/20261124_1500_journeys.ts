import type { Kysely } from 'kysely';

// Frozen in time: never imports application code. Issue 18 "Every journey finished":
// - users.must_change_password: 1 for an account created by someone else until it chooses its own
//   password (docs/product/accounts.md "Every account has a home"). Existing accounts are left at 0.
// - donations.user_id: a donation made while logged in appears in that account's space.
// - cause_goals: the fundraising goal an administrator sets per donation purpose (null: none).
// - volunteers.refused_at / refusal_reason: an administrator may refuse an application with a reason.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('donations').addColumn('user_id', 'integer').execute();
  await db.schema.createIndex('donations_user').on('donations').columns(['user_id', 'id']).execute();
  await db.schema
    .createTable('cause_goals')
    .addColumn('purpose', 'text', (c) => c.primaryKey())
    .addColumn('goal', 'integer')
    .addColumn('updated_by', 'integer')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('volunteers').addColumn('refused_at', 'text').execute();
  await db.schema.alterTable('volunteers').addColumn('refusal_reason', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const c of ['refusal_reason', 'refused_at']) await db.schema.alterTable('volunteers').dropColumn(c).execute();
  await db.schema.dropTable('cause_goals').ifExists().execute();
  await db.schema.dropIndex('donations_user').ifExists().execute();
  await db.schema.alterTable('donations').dropColumn('user_id').execute();
  await db.schema.alterTable('users').dropColumn('must_change_password').execute();
}
