import { normalizeZone } from '@shared/format';
import { isUniqueViolation } from '../../platform/database/unique-violation';
import {
  PROVIDER_MESSAGES,
  type ProviderInformation,
  type ProviderRecord,
  type ProviderUpdate,
  type ZoneProvider,
} from '@shared/schemas/provider';
import { type DB, nowIso } from '../../platform/database/database';
import { conflict, forbidden, notFound } from '../../platform/lib/http-errors';
import type { PageQuery } from '../../platform/lib/pagination';
import { pageOffset } from '../../platform/lib/pagination';
import { markFirstLoginDone } from '../accounts';
import { resolveZone, zoneColumns } from '../places';
import {
  type DomainReductions,
  findDomainsOf,
  findProviderById,
  findProviderByUserId,
  insertProvider,
  listProvidersByZone,
  type ProviderFields,
  replaceDomains,
  updateProviderRow,
} from './data';

// Provider records: one per provider account, read and edited only by its owner.

function toFields(input: ProviderInformation | ProviderUpdate): ProviderFields {
  return {
    entreprise: input.entreprise,
    forme_juridique: input.forme_juridique,
    rccm: input.rccm,
    adresse: input.adresse,
    email: input.email.toLowerCase(),
    telephone: input.telephone,
    whatsapp: input.whatsapp,
    ...(zoneColumns(input.zone) as { zone: string; zone_key: string; commune: string; department: string }),
    marge_salaire: input.marge_salaire,
  };
}

async function toRecord(db: DB, row: NonNullable<Awaited<ReturnType<typeof findProviderById>>>): Promise<ProviderRecord> {
  const domains = (await findDomainsOf(db, [row.id])).get(row.id) ?? { domaines: [], reductions: {} };
  const { user_id: _owner, ...fields } = row;
  return { ...fields, ...domains };
}

export async function getOwnProvider(db: DB, userId: number): Promise<ProviderRecord> {
  const row = await findProviderByUserId(db, userId);
  if (!row) throw notFound(PROVIDER_MESSAGES.notFound);
  return toRecord(db, row);
}

/** Whether the provider saved its record: /information asks this, so a provider with none gets no 404 in its console. */
export async function hasOwnProvider(db: DB, userId: number): Promise<boolean> {
  return (await findProviderByUserId(db, userId)) !== undefined;
}

/** Saves the provider's record and ends its first login, atomically. */
export async function createProvider(db: DB, userId: number, input: ProviderInformation): Promise<void> {
  if (await findProviderByUserId(db, userId)) throw conflict(PROVIDER_MESSAGES.alreadyExists);
  const now = nowIso();
  try {
    await db.transaction().execute(async (trx) => {
      const id = await insertProvider(trx, userId, toFields(input), now);
      await replaceDomains(trx, id, input.reductions as DomainReductions);
      await markFirstLoginDone(trx, userId);
    });
  } catch (error) {
    // Two submissions racing: the unique index on user_id decides.
    if (isUniqueViolation(error)) throw conflict(PROVIDER_MESSAGES.alreadyExists);
    throw error;
  }
}

export async function updateProvider(db: DB, userId: number, providerId: number, input: ProviderUpdate): Promise<ProviderRecord> {
  const row = await findProviderById(db, providerId);
  if (!row) throw notFound(PROVIDER_MESSAGES.notFound);
  if (row.user_id !== userId) throw forbidden(PROVIDER_MESSAGES.notOwner);
  const current = (await findDomainsOf(db, [row.id])).get(row.id)?.reductions ?? {};
  const reductions: DomainReductions = {};
  for (const domain of input.domaines) {
    reductions[domain] = input.reductions && domain in input.reductions ? (input.reductions[domain] ?? null) : (current[domain] ?? null);
  }
  await db.transaction().execute(async (trx) => {
    await updateProviderRow(trx, row.id, toFields(input), nowIso());
    await replaceDomains(trx, row.id, reductions);
  });
  const updated = await findProviderById(db, row.id);
  return toRecord(db, updated!);
}

/**
 * The providers near a person's zone: those of its commune first, then those of the rest of its department
 * (docs/product/places.md). A zone not in the reference list (typed before it and
 * not mapped) matches the providers with the same zone, compared without case, accents or surrounding spaces.
 */
export async function listZoneProviders(db: DB, zone: string, page: PageQuery): Promise<{ items: ZoneProvider[]; total: number }> {
  const place = resolveZone(zone);
  const where = place ? { commune: place.commune, department: place.department } : { zoneKey: normalizeZone(zone) };
  const { rows, total } = await listProvidersByZone(db, where, page.per_page, pageOffset(page));
  const domains = await findDomainsOf(
    db,
    rows.map((r) => r.id),
  );
  return { items: rows.map((r) => ({ ...r, ...(domains.get(r.id) ?? { domaines: [], reductions: {} }) })), total };
}
