import path from 'node:path';
import type { Role } from '@shared/constants';
import { normalizeZone } from '@shared/format';
import { inject } from 'vitest';
import { resolveZone } from '../../apps/api/src/modules/places';
import { createDatabase, type DB } from '../../apps/api/src/platform/database/database';
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

/** A provider company of `zone` (from the reference list) for the account `userId`, offering Santé at −10 %. */
export async function seedE2eProvider(userId: number, zone: string, entreprise: string) {
  const now = new Date().toISOString();
  const place = resolveZone(zone)!;
  const { id } = await e2eDb()
    .insertInto('providers')
    .values({
      user_id: userId,
      entreprise,
      forme_juridique: 'SARL',
      rccm: 'RB/COT/23 B 12345',
      adresse: 'Lot 123, Akpakpa',
      email: `prestataire${userId}@example.bj`,
      telephone: '+2290197001122',
      whatsapp: null,
      marge_salaire: 100000,
      zone: place.zone,
      zone_key: normalizeZone(place.zone),
      commune: place.commune,
      department: place.department,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await e2eDb().insertInto('provider_domains').values({ provider_id: id, domain: 'Santé', reduction: 10 }).execute();
}
