import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import { pinnedSchema } from './database';
import { migrations } from './migrations';

class ListProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one: pin it, or a database
  // sharing its server with another schema's migrations would skip creating its own lock table.
  const schema = pinnedSchema(db);
  const migrator = new Migrator({ db, provider: new ListProvider(), ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration échouée${failed ? ` (${failed.migrationName})` : ''} : ${String((error as Error)?.message ?? error)}`);
  }
}
