import { normalizeZone } from '../format';
import { z } from '../zod-fr';

// Zones (docs/product/places.md): a commune of Benin, optionally with one of its
// arrondissements, chosen from the reference list (benin-zones.json, served by GET /api/zones). The list itself
// is imported by the API only; the web app loads it from the API when a zone field first opens.

/** One commune of the reference list, as GET /api/zones gives it. */
export interface ZoneCommune {
  department: string;
  commune: string;
  arrondissements: string[];
}

export const zoneCommuneSchema = z.object({ department: z.string(), commune: z.string(), arrondissements: z.array(z.string()) });

/** Between a commune and its arrondissement in a stored zone: « Cotonou — 13e arrondissement ». */
export const ZONE_SEPARATOR = ' — ';

export const ZONE_MESSAGES = {
  unknown: 'Choisissez une commune dans la liste (et, si vous le souhaitez, un arrondissement).',
  required: 'La zone est requise',
  communeLabel: 'Commune',
  arrondissementLabel: 'Arrondissement (facultatif)',
  communePlaceholder: 'Choisissez une commune',
  arrondissementAll: 'Toute la commune',
  loading: 'Chargement des communes…',
  loadFailed: 'La liste des communes n’a pas pu être chargée. Vérifiez votre connexion et réessayez.',
} as const;

export function formatZone(commune: string, arrondissement?: string | null): string {
  return arrondissement ? `${commune}${ZONE_SEPARATOR}${arrondissement}` : commune;
}

/** Splits a stored zone into its commune and arrondissement (an em dash, an en dash or a spaced hyphen separate them). */
export function splitZone(zone: string): { commune: string; arrondissement: string | null } {
  const match = /^(.+?)\s+[—–-]\s+(.+)$/u.exec(zone.trim());
  if (!match) return { commune: zone.trim(), arrondissement: null };
  return { commune: match[1]!.trim(), arrondissement: match[2]!.trim() };
}

/** A zone found in the reference list: its canonical spelling, commune and department. */
export interface ResolvedZone {
  zone: string;
  commune: string;
  department: string;
  arrondissement: string | null;
}

/** Lookup tables over the reference list, built once per list. */
export class ZoneIndex {
  private readonly byCommune = new Map<string, ZoneCommune>();
  /** Arrondissement key → the communes that have one of that name (some names exist in several communes). */
  private readonly byArrondissement = new Map<string, { commune: ZoneCommune; name: string }[]>();

  constructor(readonly list: readonly ZoneCommune[]) {
    for (const c of list) {
      this.byCommune.set(normalizeZone(c.commune), c);
      for (const a of c.arrondissements) {
        const key = normalizeZone(a);
        this.byArrondissement.set(key, [...(this.byArrondissement.get(key) ?? []), { commune: c, name: a }]);
      }
    }
  }

  /** The zone as the list spells it, compared without case, accents or extra spaces; null when not in the list. */
  resolve(text: string): ResolvedZone | null {
    const { commune, arrondissement } = splitZone(text);
    const c = this.byCommune.get(normalizeZone(commune));
    if (!c) return null;
    if (arrondissement === null) return { zone: c.commune, commune: c.commune, department: c.department, arrondissement: null };
    const a = c.arrondissements.find((name) => normalizeZone(name) === normalizeZone(arrondissement));
    if (!a) return null;
    return { zone: formatZone(c.commune, a), commune: c.commune, department: c.department, arrondissement: a };
  }

  /** The department of a commune of the list. */
  departmentOf(commune: string): string | null {
    return this.byCommune.get(normalizeZone(commune))?.department ?? null;
  }

  /**
   * A free-text zone written before the list existed, mapped when it can be without guessing: an exact zone, then a
   * commune named in it (« Cotonou Akpakpa » → Cotonou; the longest name wins), then an arrondissement name that
   * belongs to one commune only. Null when none applies (the migration lists those).
   */
  mapFreeText(text: string): ResolvedZone | null {
    const exact = this.resolve(text);
    if (exact) return exact;
    const key = ` ${normalizeZone(text).replace(/[^a-z0-9]+/g, ' ')} `;
    if (key.trim() === '') return null;
    const words = (name: string) =>
      ` ${normalizeZone(name)
        .replace(/[^a-z0-9]+/g, ' ')
        .trim()} `;
    const communes = this.list.filter((c) => key.includes(words(c.commune))).sort((a, b) => b.commune.length - a.commune.length);
    if (communes.length > 0) {
      const c = communes[0]!;
      const arrondissement = c.arrondissements.find((a) => normalizeZone(a) !== normalizeZone(c.commune) && key.includes(words(a)));
      return {
        zone: formatZone(c.commune, arrondissement),
        commune: c.commune,
        department: c.department,
        arrondissement: arrondissement ?? null,
      };
    }
    const owners = [...this.byArrondissement.entries()].filter(([name]) => key.includes(words(name)));
    if (owners.length === 1 && owners[0]![1].length === 1) {
      const { commune: c, name } = owners[0]![1][0]!;
      return { zone: formatZone(c.commune, name), commune: c.commune, department: c.department, arrondissement: name };
    }
    return null;
  }
}
