import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import { isPostgres, pinnedSchema } from './database';
import { migrations } from './migrations';

class ListProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

/**
 * Several processes may start at once on an empty PostgreSQL database. Kysely serialises the migrations
 * themselves, but what a start does next (creating the first administrator) would race: the start steps run
 * under one session-level advisory lock, keyed on the schema so that databases sharing a server do not wait for
 * one another. The others wait, then find nothing left to do. SQLite needs none: one process owns the file.
 */
export async function underStartupLock<T>(db: Kysely<any>, steps: () => Promise<T>): Promise<T> {
  if (!isPostgres(db)) return steps();
  return db.connection().execute(async (connection) => {
    const key = sql`hashtext('asbe-startup:' || current_schema())`;
    await sql`select pg_advisory_lock(${key})`.execute(connection);
    try {
      return await steps();
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(connection);
    }
  });
}

export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  await underStartupLock(db, () => runMigrations(db));
}

export async function runMigrations(db: Kysely<any>): Promise<void> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one: pin it, or a database
  // sharing its server with another schema's migrations would skip creating its own lock table.
  const schema = pinnedSchema(db);
  // Branches developed side by side each got a timestamp range, so a migration may land after one named later
  // (1400 after 1600): run it then instead of refusing the database as "corrupted".
  const migrator = new Migrator({
    db,
    provider: new ListProvider(),
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration échouée${failed ? ` (${failed.migrationName})` : ''} : ${String((error as Error)?.message ?? error)}`);
  }
}

/** What migrations left for a person to decide (telephone conflicts of migration 20261126_0100), logged at every start. */
export async function openMigrationReports(db: Kysely<any>): Promise<{ kind: string; table_name: string; detail: string }[]> {
  return db
    .selectFrom('migration_reports')
    .select(['kind', 'table_name', 'detail'])
    .where('resolved_at', 'is', null)
    .orderBy('id')
    .execute();
}
