import { z } from '../zod-fr';

// Membership periods (docs/product/membership.md): the profile's summary and the administrators' list.

export const MEMBERSHIP_STATUSES = ['a_jour', 'a_renouveler', 'expiree', 'aucune'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

export const MEMBERSHIP_STATUS_LABELS: Record<MembershipStatus, string> = {
  a_jour: 'À jour',
  a_renouveler: 'À renouveler',
  expiree: 'Expirée',
  aucune: 'Aucune adhésion',
};

/** Days before the end from which a membership is "à renouveler". */
export const MEMBERSHIP_RENEW_WINDOW_DAYS = 30;

export const MEMBERSHIP_MESSAGES = {
  statusInvalid: 'Statut d’adhésion invalide.',
  renew: 'Renouveler ma cotisation',
  /** Instead of « Renouveler » for someone who never paid a membership: there is nothing to renew. */
  join: 'Adhérer à l’association',
  cardTitle: 'Mon adhésion',
  validUntil: 'Valable jusqu’au',
  expiredOn: 'Expirée depuis le',
  none: 'Vous n’avez pas encore réglé d’adhésion ou de cotisation.',
} as const;

export const membershipSummarySchema = z.object({
  status: z.enum(MEMBERSHIP_STATUSES),
  /** YYYY-MM-DD, last day of the current period; null without any. */
  valid_until: z.string().nullable(),
});
export type MembershipSummary = z.infer<typeof membershipSummarySchema>;

export const membersQuerySchema = z.object({
  status: z.enum(MEMBERSHIP_STATUSES, { error: MEMBERSHIP_MESSAGES.statusInvalid }).optional(),
});

export const memberListItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  telephone: z.string(),
  email: z.string(),
  role: z.string(),
  status: z.enum(MEMBERSHIP_STATUSES),
  valid_until: z.string().nullable(),
  created_at: z.string(),
});
export type MemberListItem = z.infer<typeof memberListItemSchema>;
