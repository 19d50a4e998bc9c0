import { z } from '../zod-fr';
import { ZONE_MESSAGES } from '../zones/zones';
import { idParam } from './id-param';

// Zones typed before Benin's reference list that its migration could not map (docs/product/places.md): the
// administrator sees them in « À traiter » and chooses the right zone for each (GET and PUT /api/admin/zones-unmapped).

export const UNMAPPED_ZONE_TABLES = ['users', 'providers'] as const;

export const unmappedZoneSchema = z.object({
  /** users (an account's zone) or providers (a provider's zone). */
  table_name: z.enum(UNMAPPED_ZONE_TABLES),
  row_id: z.number(),
  /** The zone as it was typed. */
  zone: z.string(),
  /** The account's name, or the provider's company. */
  name: z.string(),
  /** The account's role (null for a provider's record). */
  role: z.string().nullable(),
  telephone: z.string().nullable(),
  created_at: z.string(),
});
export type UnmappedZone = z.infer<typeof unmappedZoneSchema>;

export const unmappedZoneParamsSchema = z.object({
  table: z.enum(UNMAPPED_ZONE_TABLES, { error: 'Cette fiche n’existe pas.' }),
  id: idParam,
});

/** PUT /api/admin/zones-unmapped/{table}/{id}: the zone chosen from the list. */
export const unmappedZoneFixSchema = z.object({
  zone: z
    .string({ error: ZONE_MESSAGES.required })
    .trim()
    .min(1, { error: ZONE_MESSAGES.required, abort: true })
    .max(120, ZONE_MESSAGES.unknown),
});
export type UnmappedZoneFix = z.infer<typeof unmappedZoneFixSchema>;

export const UNMAPPED_ZONE_MESSAGES = {
  fixed: 'Zone enregistrée.',
  notFound: 'Cette zone a déjà été corrigée, ou la fiche n’existe plus.',
} as const;
