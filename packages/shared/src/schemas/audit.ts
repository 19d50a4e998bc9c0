import { z } from '../zod-fr';

// The audit trail (docs/product/back-office.md "Audit trail"): GET /api/admin/audit.

export const auditQuerySchema = z.object({
  actor: z.coerce
    .number<string | number>({ error: 'Identifiant d’auteur invalide.' })
    .int()
    .positive()
    .max(2 ** 31)
    .optional(),
  entity: z.string().trim().max(50).optional(),
  action: z.string().trim().max(80).optional(),
});

export const auditEntrySchema = z.object({
  id: z.number(),
  actor_user_id: z.number().nullable(),
  actor_name: z.string().nullable(),
  /** Written with an act-as token: the adviser or administrator who acted for actor_user_id. */
  acting_user_id: z.number().nullable(),
  acting_name: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string(),
  ip: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  details: z.unknown().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
