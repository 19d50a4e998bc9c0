import type { Kysely } from 'kysely';

// Frozen in time: never imports application code.
// background_jobs: long work started by an administrator (today: the ZIP of a year's end-of-year receipts) that
// runs off the request thread. Any process reads a job's progress here; the finished file is in the storage
// under file_key. status: queued | running | done | failed; done/total count the documents made so far.

function isPg(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres');
}

export async function up(db: Kysely<any>): Promise<void> {
  const table = db.schema.createTable('background_jobs');
  await (isPg(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer')
    .addColumn('file_key', 'text')
    .addColumn('error', 'text')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('background_jobs_kind').on('background_jobs').columns(['kind', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('background_jobs').ifExists().execute();
}
