import { z } from '../zod-fr';

// The administrator's landing view and the handled state of contact messages (issue #18 §5).

const count = z.number().int().min(0);

/** GET /api/admin/waiting: what waits for an administrator, live counts. */
export const waitingCountsSchema = z.object({
  unconfirmed_accounts: count,
  unconfirmed_volunteers: count,
  pending_testimonials: count,
  /** Contact messages nobody marked handled yet. */
  new_messages: count,
  /** Expenses at or above the approval threshold waiting for a second administrator. */
  pending_expenses: count,
  /** Cancellations of approved expenses proposed by one administrator, waiting for another. */
  expense_cancellations: count,
  /** Submitted projects still « Reçu » (nobody looked at them yet). */
  new_projects: count,
  /** A fact the footer, receipts or privacy notice show is still unset (docs/product). */
  organisation_incomplete: z.boolean(),
  /** Proved requests about personal data not yet answered, and those due within 7 days or overdue. */
  privacy_requests: count,
  privacy_requests_due_soon: count,
  /** Zones typed before Benin's reference list that its migration could not map, still to be chosen. */
  unmapped_zones: count,
  /** Telephone conflicts the migration to E.164 reported, not yet resolved. */
  telephone_conflicts: count,
  /** Changes to administrators waiting for a second administrator (docs/decisions/policy.md). */
  account_changes: count,
});
export type WaitingCounts = z.infer<typeof waitingCountsSchema>;

/** PUT /api/contact-messages/{id}/handled */
export const contactHandledSchema = z.object({ handled: z.boolean({ error: 'Indiquez si le message est traité.' }) });
export type ContactHandledValues = z.infer<typeof contactHandledSchema>;

/** ?status= of GET /api/contact-messages: new (not handled), handled, or every message when absent. */
export const CONTACT_MESSAGE_STATUSES = ['nouveau', 'traite'] as const;
export type ContactMessageStatus = (typeof CONTACT_MESSAGE_STATUSES)[number];

export const BACK_OFFICE_MESSAGES = {
  messageHandled: 'Message marqué comme traité.',
  messageReopened: 'Message remis parmi les nouveaux.',
  messageNotFound: 'Message introuvable.',
} as const;
