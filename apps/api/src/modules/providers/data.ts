import { PROVIDER_DOMAINS } from '@shared/constants';
import type { Selectable } from 'kysely';
import type { DB } from '../../platform/database/database';
import type { ProvidersTable } from '../../platform/database/schema';

// Queries on providers and their domains. Plain functions taking `db` or a transaction.

const RECORD_COLUMNS = [
  'id',
  'user_id',
  'entreprise',
  'forme_juridique',
  'rccm',
  'adresse',
  'email',
  'telephone',
  'whatsapp',
  'zone',
  'marge_salaire',
] as const;

/** What a provider's form sets: every column but the keys and timestamps. */
export type ProviderFields = Omit<Selectable<ProvidersTable>, 'id' | 'user_id' | 'created_at' | 'updated_at'>;

export type DomainReductions = Record<string, number | null>;

const domainOrder = (d: string) => {
  const i = (PROVIDER_DOMAINS as readonly string[]).indexOf(d);
  return i === -1 ? PROVIDER_DOMAINS.length : i;
};

/** Domains and reductions of several providers in one query (no N+1), in the form's domain order. */
export async function findDomainsOf(
  db: DB,
  providerIds: number[],
): Promise<Map<number, { domaines: string[]; reductions: DomainReductions }>> {
  const result = new Map<number, { domaines: string[]; reductions: DomainReductions }>();
  if (providerIds.length === 0) return result;
  const rows = await db
    .selectFrom('provider_domains')
    .select(['provider_id', 'domain', 'reduction'])
    .where('provider_id', 'in', providerIds)
    .execute();
  rows.sort((a, b) => domainOrder(a.domain) - domainOrder(b.domain));
  for (const id of providerIds) result.set(id, { domaines: [], reductions: {} });
  for (const row of rows) {
    const entry = result.get(row.provider_id)!;
    entry.domaines.push(row.domain);
    entry.reductions[row.domain] = row.reduction;
  }
  return result;
}

export function findProviderByUserId(db: DB, userId: number) {
  return db.selectFrom('providers').select(RECORD_COLUMNS).where('user_id', '=', userId).executeTakeFirst();
}

export function findProviderById(db: DB, id: number) {
  return db.selectFrom('providers').select(RECORD_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function insertProvider(db: DB, userId: number, fields: ProviderFields, now: string): Promise<number> {
  const row = await db
    .insertInto('providers')
    .values({ ...fields, user_id: userId, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateProviderRow(db: DB, id: number, fields: ProviderFields, now: string): Promise<void> {
  await db
    .updateTable('providers')
    .set({ ...fields, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function replaceDomains(db: DB, providerId: number, reductions: DomainReductions): Promise<void> {
  await db.deleteFrom('provider_domains').where('provider_id', '=', providerId).execute();
  const rows = Object.entries(reductions).map(([domain, reduction]) => ({ provider_id: providerId, domain, reduction }));
  if (rows.length > 0) await db.insertInto('provider_domains').values(rows).execute();
}

/**
 * One page of the providers near a place, with the total: a department's providers, those of the commune first
 * (index on department, commune, id), newest first within each; or those of one zone key (zones not in the list).
 */
export async function listProvidersByZone(
  db: DB,
  place: { commune: string; department: string } | { zoneKey: string },
  limit: number,
  offset: number,
) {
  const base =
    'zoneKey' in place
      ? db.selectFrom('providers').where('zone_key', '=', place.zoneKey)
      : db.selectFrom('providers').where('department', '=', place.department);
  const ordered =
    'zoneKey' in place
      ? base.orderBy('id', 'desc')
      : base.orderBy((eb) => eb.case().when('commune', '=', place.commune).then(0).else(1).end()).orderBy('id', 'desc');
  const [rows, count] = await Promise.all([
    ordered.select(['id', 'entreprise', 'zone', 'telephone', 'email']).limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
