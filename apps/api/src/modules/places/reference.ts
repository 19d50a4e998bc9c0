import referenceList from '@shared/zones/benin-zones.json';
import { normalizeZone } from '@shared/format';
import { type ResolvedZone, ZONE_MESSAGES, type ZoneCommune, ZoneIndex } from '@shared/zones/zones';
import { fieldError } from '../../platform/lib/http-errors';

// Benin's departments, communes and arrondissements (packages/shared/src/zones/benin-zones.json, its source named
// there and in docs/decisions/zones-reference.md), loaded once.

export const ZONES: readonly ZoneCommune[] = (referenceList as { zones: ZoneCommune[] }).zones;

const index = new ZoneIndex(ZONES);

/** The zone as the reference list spells it, or null when it is not in the list. */
export function resolveZone(text: string): ResolvedZone | null {
  return index.resolve(text);
}

/** The columns a zone fills (users and providers). */
export interface ZoneColumns {
  zone: string | null;
  zone_key: string | null;
  commune: string | null;
  department: string | null;
}

/**
 * A zone someone chose, as stored: the list's spelling with its commune and department; null (no zone) stays null.
 * A zone not in the list is a 422 on `field` (« Choisissez une commune dans la liste… »).
 */
export function zoneColumns(text: string | null | undefined, field = 'zone'): ZoneColumns {
  if (text === null || text === undefined || text.trim() === '') return { zone: null, zone_key: null, commune: null, department: null };
  const found = resolveZone(text);
  if (!found) throw fieldError(field, ZONE_MESSAGES.unknown);
  return { zone: found.zone, zone_key: normalizeZone(found.zone), commune: found.commune, department: found.department };
}
