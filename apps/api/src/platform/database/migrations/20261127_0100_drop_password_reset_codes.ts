import type { Kysely } from 'kysely';

// Frozen in time: never imports application code.
// Recovery codes live in one_time_codes (the codes module) since the trust work: password_reset_codes is no longer
// written nor read. Its rows were hashes of expired codes with who asked them — personal data kept for no purpose,
// so the table goes. `down` recreates it empty (as 20261124_1100_messages created it).

function isPg(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres');
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('password_reset_codes_user').ifExists().execute();
  await db.schema.dropTable('password_reset_codes').ifExists().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const t = db.schema.createTable('password_reset_codes');
  await (isPg(db)
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('requested_by', 'integer')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('password_reset_codes_user').on('password_reset_codes').columns(['user_id', 'created_at']).execute();
}
