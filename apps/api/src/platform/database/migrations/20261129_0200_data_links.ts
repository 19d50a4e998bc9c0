import type { Kysely } from 'kysely';

// Frozen in time: never imports application code.
// The links that bring a person their data (`/mes-donnees/{token}`) when an access request is fulfilled: only the
// SHA-256 of the token is kept, for one request (so one person), valid until expires_at (7 days).

function isPg(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres');
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('data_links')
    .$call((t) =>
      isPg(db)
        ? t.addColumn('id', 'serial', (c: any) => c.primaryKey())
        : t.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement()),
    )
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('request_id', 'integer', (c) => c.notNull().references('privacy_requests.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('data_links_request').on('data_links').column('request_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('data_links').ifExists().execute();
}
