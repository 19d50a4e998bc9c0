import { z } from '../zod-fr';

// The administrator's outbox view (CONTRACT.md "Messages to people": GET /api/admin/messages).
export const MESSAGE_CHANNELS = ['sms', 'email'] as const;
export const MESSAGE_STATUSES = ['queued', 'sent', 'failed'] as const;

export const MESSAGE_STATUS_LABELS: Record<(typeof MESSAGE_STATUSES)[number], string> = {
  queued: 'En attente',
  sent: 'Envoyé',
  failed: 'Échec',
};
export const MESSAGE_CHANNEL_LABELS: Record<(typeof MESSAGE_CHANNELS)[number], string> = { sms: 'SMS', email: 'E-mail' };

export const outboxQuerySchema = z.object({
  channel: z.enum(MESSAGE_CHANNELS, { error: 'Canal invalide : sms ou email.' }).optional(),
  to: z.string().trim().max(191, 'Destinataire trop long.').optional(),
});

export const outboxMessageSchema = z.object({
  id: z.number(),
  channel: z.enum(MESSAGE_CHANNELS),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  attempts: z.number(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
