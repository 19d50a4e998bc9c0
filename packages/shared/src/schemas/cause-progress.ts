import { DONATION_PURPOSES } from '../constants';
import { z } from '../zod-fr';
import { fcfaAmount } from './payment';
import { progressPercent } from '../zod-free/cause-progress';

export { progressPercent };

// What was raised per donation purpose, and the goals an administrator sets (docs/product/donors.md).

export const CAUSE_PROGRESS_MESSAGES = {
  goal: "L'objectif doit être un montant positif en FCFA.",
  purpose: 'Cause invalide.',
  saved: 'Objectif enregistré.',
  raised: 'collectés',
} as const;

export const causeProgressItemSchema = z.object({
  purpose: z.enum(DONATION_PURPOSES),
  /** FCFA of approved donations (refunded, cancelled and deleted ones excluded). */
  raised: z.number(),
  /** How many approved donations. */
  donors: z.number(),
  goal: z.number().nullable(),
});
export const causeProgressSchema = z.array(causeProgressItemSchema);
export type CauseProgress = z.infer<typeof causeProgressItemSchema>;

export const causePurposeParamsSchema = z.object({ purpose: z.enum(DONATION_PURPOSES, { error: CAUSE_PROGRESS_MESSAGES.purpose }) });

/** PUT /api/admin/causes/{purpose}: a goal in FCFA ("500 000" accepted), or null to clear it. */
export const causeGoalSchema = z.object({
  goal: z.union([z.null(), fcfaAmount({ positive: CAUSE_PROGRESS_MESSAGES.goal })], { error: CAUSE_PROGRESS_MESSAGES.goal }),
});
export type CauseGoalInput = z.input<typeof causeGoalSchema>;
