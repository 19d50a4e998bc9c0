import { createDatabase, type DB, pinnedSchema } from '../../src/platform/database/database';
import type { TestApp } from './test-app';

/** A second, independent connection to the test app's database: a writer the API process knows nothing about. */
export function openSecondConnection(t: TestApp): DB {
  const schema = pinnedSchema(t.db);
  return createDatabase(t.config.database, schema ? { searchPath: schema } : {});
}
