import type { UnmappedZone } from '@shared/schemas/places';
import { UNMAPPED_ZONE_MESSAGES } from '@shared/schemas/places';
import { type DB, nowIso } from '../../platform/database/database';
import { notFound } from '../../platform/lib/http-errors';
import { type PageQuery, pageOffset } from '../../platform/lib/pagination';
import { type AuditActor, recordAudit } from '../audit';
import { zoneColumns } from '../places';
import { countUnmappedZones, findUnmappedZone, setChosenZone, type UnmappedTable, unmappedProviderZones, unmappedUserZones } from './data';

// The zones the migration to the reference list left as typed (docs/product/places.md): listed for the
// administrator, who chooses the right zone for each; the choice is audited.

/** How many typed zones still wait for a zone from the list (accounts and providers). */
export async function unmappedZoneCount(db: DB): Promise<number> {
  const { users, providers } = await countUnmappedZones(db);
  return users + providers;
}

/** Accounts first, then providers, each in row order. */
export async function pageOfUnmappedZones(db: DB, page: PageQuery): Promise<{ items: UnmappedZone[]; total: number }> {
  const counts = await countUnmappedZones(db);
  const offset = pageOffset(page);
  const users = offset < counts.users ? await unmappedUserZones(db, page.per_page, offset) : [];
  const room = page.per_page - users.length;
  const providers = room > 0 ? await unmappedProviderZones(db, room, Math.max(0, offset - counts.users)) : [];
  return {
    items: [
      ...users.map((r) => ({ table_name: 'users' as const, ...r })),
      ...providers.map((r) => ({ table_name: 'providers' as const, role: null, ...r })),
    ],
    total: counts.users + counts.providers,
  };
}

/** The administrator chooses the zone of a listed row: a zone not in the list is a French 422, audited otherwise. */
export async function chooseUnmappedZone(db: DB, admin: AuditActor, table: UnmappedTable, rowId: number, text: string) {
  const zone = zoneColumns(text);
  return db.transaction().execute(async (trx) => {
    const listed = await findUnmappedZone(trx, table, rowId);
    if (!listed) throw notFound(UNMAPPED_ZONE_MESSAGES.notFound);
    await setChosenZone(trx, table, rowId, zone, nowIso());
    await recordAudit(trx, {
      actorId: admin.id,
      ip: admin.ip,
      actingId: admin.actingId,
      action: 'zone.choose',
      entity: table,
      entityId: rowId,
      before: { zone: listed.zone },
      after: { zone: zone.zone },
    });
    return { zone: zone.zone as string };
  });
}
