import type { Kysely } from 'kysely';

// Frozen in time: never imports application code.
// Act-as carries who acts (docs/product/accounts.md):
// - auth_tokens.acting_user_id: the adviser or administrator who obtained the token by act-as (NULL for one's own
//   login); indexed so that their logout revokes the act-as tokens they hold;
// - audit_log.acting_user_id: who acted when an entry was written with such a token (actor_user_id stays the
//   person acted for).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('auth_tokens').addColumn('acting_user_id', 'integer').execute();
  await db.schema.createIndex('auth_tokens_acting_user').on('auth_tokens').column('acting_user_id').execute();
  await db.schema.alterTable('audit_log').addColumn('acting_user_id', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_log').dropColumn('acting_user_id').execute();
  await db.schema.dropIndex('auth_tokens_acting_user').ifExists().execute();
  await db.schema.alterTable('auth_tokens').dropColumn('acting_user_id').execute();
}
