import { z } from 'zod';

// Who may act on whom (docs/decisions/policy.md): changes to administrators are made by two.

/** 202 answer of a change that waits for a second administrator. */
export const pendingChangeSchema = z.object({
  change_id: z.number(),
  status: z.literal('en_attente'),
  message: z.string(),
});
export type PendingChange = z.infer<typeof pendingChangeSchema>;

export const ACCOUNT_CHANGE_STATUSES = ['en_attente', 'approuvee', 'rejetee'] as const;

/** GET /api/admin/account-changes: one proposal, with who proposed it and what it sets (never a password hash). */
export const accountChangeSchema = z.object({
  id: z.number(),
  kind: z.enum(['create', 'update']),
  user_id: z.number().nullable(),
  user_name: z.string().nullable(),
  changes: z.record(z.string(), z.unknown()),
  status: z.enum(ACCOUNT_CHANGE_STATUSES),
  proposed_by: z.number(),
  proposed_by_name: z.string().nullable(),
  proposed_at: z.string(),
  decided_by: z.number().nullable(),
  decided_at: z.string().nullable(),
});
export type AccountChange = z.infer<typeof accountChangeSchema>;

export const accountChangesQuerySchema = z.object({
  status: z.enum(ACCOUNT_CHANGE_STATUSES, { error: 'Veuillez choisir un statut valide.' }).optional(),
});

export const POLICY_MESSAGES = {
  proposed: 'Changement proposé : il prendra effet après l’approbation d’un autre administrateur.',
  approved: 'Changement approuvé : il a pris effet.',
  rejected: 'Changement refusé.',
  notFound: 'Ce changement n’existe pas.',
  notPending: 'Ce changement a déjà été traité.',
  ownProposal: 'Vous ne pouvez pas approuver ou refuser un changement que vous avez proposé : un autre administrateur doit le faire.',
  actAsAdministrator: 'Personne ne peut agir pour un administrateur.',
  actAsPendingChange: 'Un changement de ce compte attend l’approbation d’un administrateur : impossible d’agir pour lui en attendant.',
  notWithActAs: 'Cette action n’est pas possible lorsque vous agissez pour un autre utilisateur.',
  cancelProposed: 'Annulation proposée : un autre administrateur doit la confirmer pour qu’elle prenne effet (la dépense était approuvée).',
  ownCancelProposal: 'Vous avez proposé cette annulation : un autre administrateur doit la confirmer.',
  proposerGone: 'Ce changement a été proposé par une personne qui n’est plus administrateur active : il ne peut plus être approuvé.',
  pendingAlready: 'Un changement de ce compte attend déjà l’approbation d’un administrateur.',
  pendingLocksAccount:
    'Un changement de ce compte attend l’approbation d’un autre administrateur : ni son téléphone, ni son e-mail, ni son mot de passe ne peuvent changer d’ici là.',
  promotionAfterOwnIdentityChange:
    'Vous avez changé le téléphone ou l’e-mail de ce compte il y a moins de 30 jours : un autre administrateur doit proposer sa promotion.',
} as const;

/** Account fields whose change, on another administrator, waits for a second administrator. */
export const GUARDED_ACCOUNT_FIELDS = ['telephone', 'email', 'role', 'is_active', 'password'] as const;
