import type { Kysely } from 'kysely';

// Frozen in time: never imports application code.
// Retention and the breach register (docs/product/personal-data.md):
// - retention_runs: one row per pass of the retention job, with what it removed counted (JSON of counts, never
//   contents). run_key is unique: `quotidien:YYYY-MM-DD` lets one process only run a day's pass;
// - volunteer_document_checks: what is left of a criminal record or restriction proof once deleted — when the
//   volunteer was decided on and by whom (« casier vérifié le … par … »); unique per volunteer and document, so a
//   document is counted as removed once;
// - privacy_breaches: the breach register (what, when, who is affected, measures, notified or not).

function isPg(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres');
}

function withId(db: Kysely<any>, name: string) {
  const table = db.schema.createTable(name);
  return isPg(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, 'retention_runs')
    .addColumn('run_key', 'text', (c) => c.notNull().unique())
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('counts', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('started_by', 'integer')
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('retention_runs_started').on('retention_runs').column('started_at').execute();

  await withId(db, 'volunteer_document_checks')
    .addColumn('volunteer_id', 'integer', (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('decision', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text', (c) => c.notNull())
    .addColumn('decided_by', 'text')
    .addColumn('removed_at', 'text', (c) => c.notNull())
    .addColumn('run_id', 'integer')
    .addUniqueConstraint('volunteer_document_checks_once', ['volunteer_id', 'document'])
    .execute();

  await withId(db, 'privacy_breaches')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'text', (c) => c.notNull())
    .addColumn('discovered_at', 'text', (c) => c.notNull())
    .addColumn('people_affected', 'text', (c) => c.notNull())
    .addColumn('people_count', 'integer')
    .addColumn('data_categories', 'text', (c) => c.notNull())
    .addColumn('measures', 'text', (c) => c.notNull())
    .addColumn('apdp_notified_at', 'text')
    .addColumn('people_notified_at', 'text')
    .addColumn('recorded_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('privacy_breaches_occurred').on('privacy_breaches').column('occurred_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('privacy_breaches').ifExists().execute();
  await db.schema.dropTable('volunteer_document_checks').ifExists().execute();
  await db.schema.dropTable('retention_runs').ifExists().execute();
}
