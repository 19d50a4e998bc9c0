import { formatDate } from '@shared/format';
import type { NewsletterSendListItem } from '@shared/schemas/newsletter-send';
import type { Subscriber } from '@shared/schemas/public-site';
import { fetchError } from '@web/components/admin/admin-texts';
import type { ListDefinition } from '@web/components/admin/list-definition';

// The newsletter's lists: its subscribers, and the newsletters sent with their sent/failed counts.

export const SUBSCRIBERS_LIST: ListDefinition<Subscriber> = {
  title: 'Newsletter',
  path: '/newsletter/subscribers',
  params: {},
  columns: [
    { key: 'email', header: 'Email', text: (s) => s.email, nowrap: true },
    { key: 'date', header: "Date d'inscription", text: (s) => formatDate(s.created_at), nowrap: true },
  ],
  emptyText: 'Aucun abonné à la newsletter.',
  errorText: fetchError('des abonnés à la newsletter'),
  searchPlaceholder: 'Rechercher un email…',
};

export const NEWSLETTER_SENDS_LIST: ListDefinition<NewsletterSendListItem> = {
  title: 'Newsletters envoyées',
  path: '/admin/newsletters',
  params: {},
  columns: [
    { key: 'date', header: 'Date', text: (s) => formatDate(s.created_at), nowrap: true },
    { key: 'subject', header: 'Objet', text: (s) => s.subject },
    { key: 'recipients', header: 'Destinataires', text: (s) => String(s.recipients) },
    { key: 'sent', header: 'Envoyés', text: (s) => String(s.sent) },
    { key: 'kept', header: 'Conservés', text: (s) => String(s.kept) },
    { key: 'failed', header: 'Échecs', text: (s) => String(s.failed) },
  ],
  emptyText: 'Aucune newsletter envoyée pour le moment.',
  errorText: fetchError('des newsletters envoyées'),
  searchPlaceholder: 'Rechercher par objet…',
};
