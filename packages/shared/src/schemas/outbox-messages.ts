import { isShortSearch, LIST_MESSAGES } from '../messages';
import { z } from '../zod-fr';

// The administrator's outbox view (docs/product/messages.md: GET /api/admin/messages).
export const MESSAGE_CHANNELS = ['sms', 'email', 'whatsapp'] as const;
// `kept`: no provider is configured for the channel, so the message stayed here (docs/product).
export const MESSAGE_STATUSES = ['queued', 'sent', 'kept', 'failed'] as const;

export const MESSAGE_STATUS_LABELS: Record<(typeof MESSAGE_STATUSES)[number], string> = {
  queued: 'En attente',
  sent: 'Envoyé',
  kept: 'Conservé',
  failed: 'Échec',
};
export const MESSAGE_CHANNEL_LABELS: Record<(typeof MESSAGE_CHANNELS)[number], string> = {
  sms: 'SMS',
  email: 'E-mail',
  whatsapp: 'WhatsApp',
};

/** What a message costs the association (WhatsApp bills by template category; a reply within 24 hours is free). */
export const MESSAGE_COST_LABELS: Record<string, string> = {
  sms: 'SMS',
  email: 'E-mail (gratuit)',
  whatsapp_authentication: 'WhatsApp — authentification',
  whatsapp_utility: 'WhatsApp — utilitaire',
  whatsapp_service: 'WhatsApp — réponse (gratuit)',
};
/** Delivery as the provider's webhook reported it. */
export const DELIVERY_STATUS_LABELS: Record<string, string> = {
  sent: 'Envoyé',
  delivered: 'Distribué',
  read: 'Lu',
  failed: 'Non distribué',
};

export const outboxQuerySchema = z.object({
  channel: z.enum(MESSAGE_CHANNELS, { error: 'Canal invalide : sms, email ou whatsapp.' }).optional(),
  /** Part of an address (a telephone in any spelling is looked up whole): at least SEARCH_MIN_LENGTH characters, as `q`. */
  to: z
    .string()
    .trim()
    .max(191, 'Destinataire trop long.')
    .refine((to) => !isShortSearch(to), LIST_MESSAGES.searchTooShort)
    .optional(),
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
  cost_category: z.string().nullable(),
  delivery_status: z.string().nullable(),
  delivery_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
