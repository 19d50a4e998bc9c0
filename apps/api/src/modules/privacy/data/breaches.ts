import type { DB } from '../../../platform/database/database';
import type { PrivacyBreachesTable } from '../../../platform/database/schema';
import type { Insertable } from 'kysely';

// The breach register's queries. Entries are never edited nor deleted: the register is a record of what happened.

export async function insertBreach(db: DB, row: Insertable<PrivacyBreachesTable>): Promise<number> {
  const inserted = await db.insertInto('privacy_breaches').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

const breachColumns = [
  'privacy_breaches.id',
  'privacy_breaches.description',
  'privacy_breaches.occurred_at',
  'privacy_breaches.discovered_at',
  'privacy_breaches.people_affected',
  'privacy_breaches.people_count',
  'privacy_breaches.data_categories',
  'privacy_breaches.measures',
  'privacy_breaches.apdp_notified_at',
  'privacy_breaches.people_notified_at',
  'privacy_breaches.created_at',
  'users.name as recorded_by_name',
] as const;

export const listBreaches = (db: DB, limit: number) =>
  db
    .selectFrom('privacy_breaches')
    .leftJoin('users', 'users.id', 'privacy_breaches.recorded_by')
    .select(breachColumns)
    .orderBy('privacy_breaches.occurred_at', 'desc')
    .orderBy('privacy_breaches.id', 'desc')
    .limit(limit)
    .execute();

export const findBreach = (db: DB, id: number) =>
  db
    .selectFrom('privacy_breaches')
    .leftJoin('users', 'users.id', 'privacy_breaches.recorded_by')
    .select(breachColumns)
    .where('privacy_breaches.id', '=', id)
    .executeTakeFirst();
