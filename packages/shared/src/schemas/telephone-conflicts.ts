import { z } from '../zod-fr';

// What the migration to one telephone form could not do alone (docs/product/accounts.md): accounts that would
// answer to one number, or hold no telephone at all. The administrator sees each with the accounts involved and
// what to do (GET /api/admin/telephone-conflicts), gives each account its own number, then marks it resolved.

export const TELEPHONE_REPORT_KINDS = ['telephone_conflict', 'telephone_invalid'] as const;

export const conflictAccountSchema = z.object({
  id: z.number(),
  name: z.string(),
  role: z.string(),
  email: z.string(),
  telephone: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
});

export const telephoneConflictSchema = z.object({
  id: z.number(),
  /** telephone_conflict: several accounts, one number; telephone_invalid: an account whose telephone is no number. */
  kind: z.enum(TELEPHONE_REPORT_KINDS),
  /** The number they share (E.164); null for an invalid one. */
  telephone: z.string().nullable(),
  /** The accounts as they are now (an account erased since is left out). */
  accounts: z.array(conflictAccountSchema),
  /** True while the accounts still share the number (or the invalid one is still invalid). */
  open: z.boolean(),
  created_at: z.string(),
});
export type TelephoneConflict = z.infer<typeof telephoneConflictSchema>;

export const TELEPHONE_CONFLICT_MESSAGES = {
  resolved: 'Conflit résolu : chaque compte a maintenant son propre numéro.',
  notFound: 'Ce conflit est introuvable ou déjà résolu.',
  stillShared: 'Ces comptes ont encore le même numéro : changez d’abord le téléphone de l’un d’eux.',
  stillInvalid: 'Ce compte n’a toujours pas de numéro valide : corrigez d’abord son téléphone.',
} as const;
