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
