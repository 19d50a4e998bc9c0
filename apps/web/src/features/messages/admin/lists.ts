import {
  DELIVERY_STATUS_LABELS,
  MESSAGE_CHANNEL_LABELS,
  MESSAGE_COST_LABELS,
  MESSAGE_STATUS_LABELS,
  type OutboxMessage,
} from '@shared/schemas/outbox-messages';
import { formatCotonouShort } from '@shared/format';
import type { ListDefinition } from '@web/components/admin/list-definition';

// The outbox: every SMS, WhatsApp message and e-mail with its status, its cost and its delivery, searchable by recipient — the support tool for « je n'ai jamais
// reçu le code ».

/** A date and time to the minute in Cotonou time (« 25/11/2026 14:54 »), or a dash. */
export const dateTime = (iso: string | null) => (iso ? formatCotonouShort(iso) || '—' : '—');

export type ChannelFilter = '' | OutboxMessage['channel'];

export const OUTBOX_LIST: ListDefinition<OutboxMessage> = {
  title: 'SMS et e-mails envoyés',
  path: '/admin/messages',
  params: {},
  // The search box filters by recipient: a telephone in any spelling, or part of an address.
  searchParam: 'to',
  columns: [
    // Dates may wrap between day and time: nine columns fit a 1280 px screen beside the sidebar (issue #33 item 11).
    { key: 'created', header: 'Créé le', text: (m) => dateTime(m.created_at) },
    { key: 'channel', header: 'Canal', text: (m) => MESSAGE_CHANNEL_LABELS[m.channel] },
    { key: 'to', header: 'Destinataire', text: (m) => m.to, nowrap: true },
    { key: 'message', header: 'Message' },
    { key: 'status', header: 'Statut', text: (m) => MESSAGE_STATUS_LABELS[m.status] },
    {
      key: 'delivery',
      header: 'Remise',
      text: (m) => (m.delivery_status ? (DELIVERY_STATUS_LABELS[m.delivery_status] ?? m.delivery_status) : '—'),
    },
    { key: 'cost', header: 'Coût', text: (m) => (m.cost_category ? (MESSAGE_COST_LABELS[m.cost_category] ?? m.cost_category) : '—') },
    { key: 'attempts', header: 'Essais', text: (m) => String(m.attempts) },
    { key: 'sent', header: 'Envoyé le', text: (m) => dateTime(m.sent_at) },
  ],
  emptyText: 'Aucun message pour le moment.',
  errorText: 'Erreur lors de la récupération des messages envoyés',
  searchPlaceholder: 'Destinataire : téléphone ou e-mail…',
};
