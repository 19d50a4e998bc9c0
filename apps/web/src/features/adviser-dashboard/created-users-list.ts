import { formatTelephone } from '@shared/phone';
import { ROLE_LABELS } from '@shared/constants';
import type { CreatedUser } from '@shared/schemas/users';
import { labelOf, type ListDefinition, orDash } from '@web/components/admin/list-definition';

// « Liste des utilisateurs créés »: the adviser's own users. No React here: the dashboards' early script reads this
// definition too.

export const CREATED_USERS_LIST: ListDefinition<CreatedUser> = {
  title: 'Liste des utilisateurs créés',
  path: '/users/created',
  params: {},
  columns: [
    { key: 'name', header: 'Nom', text: (u) => u.name },
    { key: 'telephone', header: 'Téléphone', text: (u) => formatTelephone(u.telephone) },
    { key: 'role', header: 'Rôle', text: (u) => labelOf(ROLE_LABELS, u.role) },
    { key: 'zone', header: 'Zone', text: (u) => orDash(u.zone) },
    { key: 'status', header: 'Statut', text: (u) => (u.is_confirmed ? 'Confirmé' : 'En attente de confirmation') },
    { key: 'action', header: 'Action' },
  ],
  emptyText: "Vous n'avez encore créé aucun utilisateur.",
  errorText: 'Erreur lors de la récupération des utilisateurs',
};
