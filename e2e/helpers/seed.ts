import path from 'node:path';
import type { Role } from '@shared/constants';
import { inject } from 'vitest';
import { createDatabase, type DB } from '../../apps/api/src/db/database';
import { insertUser, type UserOverrides } from '../../apps/api/test/helpers/insert-user';

// Direct access to the e2e server's SQLite file (WAL allows a second connection) to arrange data a journey needs.
let db: DB | undefined;
export function e2eDb(): DB {
  db ??= createDatabase({ dialect: 'sqlite', file: path.join(inject('dataDir'), 'association.sqlite') });
  return db;
}

/** A user inserted into the e2e server's database (confirmed by default); log in with its telephone and password. */
export async function seedE2eUser(role: Role, overrides: UserOverrides = {}) {
  return insertUser(e2eDb(), role, overrides, { passwordCost: 2 ** 12, uniqueSeed: Date.now() % 1_000_000 });
}
