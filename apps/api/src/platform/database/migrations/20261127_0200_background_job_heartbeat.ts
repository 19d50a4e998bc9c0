import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
// One running job per kind and parameters, whichever process starts it: a partial unique index decides between
// two administrators (or two processes) asking at once. heartbeat_at is moved by the process running the job; a
// running job whose heartbeat stopped (its process died) is marked failed and may be started again.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('background_jobs').addColumn('heartbeat_at', 'text').execute();
  // Rows started twice before the index existed: only the newest stays running.
  await sql`update background_jobs set status = 'failed', finished_at = created_at
    where status = 'running' and id < (select max(b.id) from background_jobs b
      where b.kind = background_jobs.kind and b.params = background_jobs.params and b.status = 'running')`.execute(db);
  await db.schema
    .createIndex('background_jobs_one_running')
    .on('background_jobs')
    .columns(['kind', 'params'])
    .unique()
    .where(sql.ref('status'), '=', 'running')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('background_jobs_one_running').ifExists().execute();
  await db.schema.alterTable('background_jobs').dropColumn('heartbeat_at').execute();
}
