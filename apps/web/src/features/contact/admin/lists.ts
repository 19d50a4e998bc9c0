import { formatTelephone } from '@shared/phone';
import { formatDate } from '@shared/format';
import type { ContactMessageStatus } from '@shared/schemas/back-office';
import type { ContactMessage } from '@shared/schemas/public-site';
import { fetchError } from '@web/components/admin/admin-texts';
import { type ListDefinition, orDash } from '@web/components/admin/list-definition';

// « Messages de contact »: new ones first, each marked handled once dealt with. No React here: the dashboards'
// early script reads this definition too.

export const CONTACT_MESSAGES_LIST: ListDefinition<ContactMessage, { status: ContactMessageStatus }> = {
  title: 'Messages de contact',
  path: '/contact-messages',
  params: { status: 'nouveau' },
  columns: [
    { key: 'date', header: 'Date', text: (m) => formatDate(m.created_at), nowrap: true },
    { key: 'name', header: 'Nom', text: (m) => m.name },
    { key: 'email', header: 'Email', text: (m) => m.email },
    { key: 'phone', header: 'Téléphone', text: (m) => orDash(m.phone ? formatTelephone(m.phone) : null) },
    { key: 'services', header: 'Services', text: (m) => orDash(m.services) },
    { key: 'message', header: 'Message', text: (m) => m.message ?? '' },
    { key: 'actions', header: 'Actions' },
  ],
  emptyText: 'Aucun nouveau message.',
  errorText: fetchError('des messages de contact'),
  searchPlaceholder: 'Rechercher par nom, email, message…',
};

export const HANDLED_EMPTY = 'Aucun message traité.';
