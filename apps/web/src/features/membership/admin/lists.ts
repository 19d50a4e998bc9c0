import { formatTelephone } from '@shared/phone';
import { ROLE_LABELS } from '@shared/constants';
import { MEMBERSHIP_STATUS_LABELS, type MemberListItem } from '@shared/schemas/membership';
import { labelOf, type ListDefinition } from '@web/components/admin/list-definition';

// « Adhésions »: every account with its membership status and end date, filtered by status.

export const MEMBERSHIPS_LIST: ListDefinition<MemberListItem> = {
  title: 'Adhésions',
  path: '/members',
  params: {},
  columns: [
    { key: 'name', header: 'Nom', text: (m) => m.name },
    { key: 'telephone', header: 'Téléphone', text: (m) => formatTelephone(m.telephone), nowrap: true },
    { key: 'role', header: 'Rôle', text: (m) => labelOf(ROLE_LABELS, m.role) },
    { key: 'status', header: 'Adhésion', text: (m) => MEMBERSHIP_STATUS_LABELS[m.status] },
    { key: 'until', header: 'Valable jusqu’au' },
  ],
  emptyText: 'Aucun compte pour ce statut.',
  searchPlaceholder: 'Rechercher par nom, email, téléphone…',
  errorText: 'Erreur lors de la récupération des adhésions.',
};
