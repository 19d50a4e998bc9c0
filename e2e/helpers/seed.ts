import path from 'node:path';
import type { Role } from '@shared/constants';
import { normalizeZone } from '@shared/format';
import { inject } from 'vitest';
import { createDatabase, type DB, nowIso } from '../../apps/api/src/db/database';
import { hashPassword } from '../../apps/api/src/lib/passwords';

// Direct access to the e2e server's SQLite file (WAL allows a second connection) to arrange data a journey needs.
let db: DB | undefined;
export function e2eDb(): DB {
  db ??= createDatabase({ dialect: 'sqlite', file: path.join(inject('dataDir'), 'association.sqlite') });
  return db;
}

let counter = 0;
export async function seedE2eUser(
  role: Role,
  overrides: Partial<{ name: string; email: string; telephone: string; password: string; zone: string | null; confirmed: boolean; firstLogin: boolean; createdBy: number | null }> = {},
) {
  counter += 1;
  const unique = `${Date.now() % 1_000_000}${counter}`.slice(-8).padStart(8, '0');
  const password = overrides.password ?? 'Mot-de-passe-1';
  const now = nowIso();
  const values = {
    name: overrides.name ?? `Utilisateur ${role} ${counter}`,
    email: overrides.email ?? `${role}.${unique}@example.bj`,
    telephone: overrides.telephone ?? `+229${unique}`,
    zone: overrides.zone === undefined ? 'Cotonou' : overrides.zone,
  };
  const row = await e2eDb()
    .insertInto('users')
    .values({
      ...values,
      zone_key: values.zone ? normalizeZone(values.zone) : null,
      password_hash: await hashPassword(password, 2 ** 12),
      role,
      is_confirmed: overrides.confirmed === false ? 0 : 1,
      first_login: overrides.firstLogin ? 1 : 0,
      created_by: overrides.createdBy ?? null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, ...values, password, role };
}
