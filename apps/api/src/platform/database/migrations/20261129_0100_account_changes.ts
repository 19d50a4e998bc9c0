import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code.
//
// Who may act on whom (docs/decisions/policy.md): a change to an administrator — creating or promoting one, another
// administrator's telephone, e-mail, password or role, deactivating one — is proposed by one administrator and takes
// effect when a different one approves it. `changes` is the JSON of what the proposal sets (a new account's fields
// with its password already hashed). An approved expense is cancelled the same way: the proposal is kept on the
// expense (cancel_proposed_by/at/reason) and a second administrator carries it out.

function isPg(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres');
}

export async function up(db: Kysely<any>): Promise<void> {
  const table = db.schema.createTable('account_changes');
  await (isPg(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('user_id', 'integer')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('en_attente'))
    .addColumn('proposed_by', 'integer', (c) => c.notNull())
    .addColumn('proposed_at', 'text', (c) => c.notNull())
    .addColumn('decided_by', 'integer')
    .addColumn('decided_at', 'text')
    .execute();
  await db.schema.createIndex('account_changes_pending').on('account_changes').columns(['status', 'user_id']).execute();
  await db.schema.alterTable('expenses').addColumn('cancel_proposed_by', 'integer').execute();
  await db.schema.alterTable('expenses').addColumn('cancel_proposed_at', 'text').execute();
  await db.schema.alterTable('expenses').addColumn('cancel_proposed_reason', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('expenses').dropColumn('cancel_proposed_reason').execute();
  await db.schema.alterTable('expenses').dropColumn('cancel_proposed_at').execute();
  await db.schema.alterTable('expenses').dropColumn('cancel_proposed_by').execute();
  await db.schema.dropTable('account_changes').execute();
}
