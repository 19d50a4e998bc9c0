import { formatTelephone } from '@shared/phone';
import { ROLE_LABELS } from '@shared/constants';
import type { ListedUser, UnconfirmedUser } from '@shared/schemas/users';
import { fetchError } from '@web/components/admin/admin-texts';
import { labelOf, type ListColumn, type ListDefinition, orDash } from '@web/components/admin/list-definition';

// The accounts' lists of the back office: the four « Filtre utilisateur » groups and « Confirmer Compte ».
// No React here: the dashboards' early script reads these definitions too.

export type UserGroup = 'sympathisants' | 'prestataires' | 'conseillers' | 'membres';

const USER_COLUMNS: ReadonlyArray<ListColumn<ListedUser>> = [
  { key: 'name', header: 'Nom', text: (u) => u.name },
  { key: 'email', header: 'Email', text: (u) => u.email, nowrap: true },
  { key: 'telephone', header: 'Téléphone', text: (u) => formatTelephone(u.telephone), nowrap: true },
  { key: 'zone', header: 'Ville', text: (u) => orDash(u.zone) },
  { key: 'role', header: 'Rôle', text: (u) => labelOf(ROLE_LABELS, u.role) },
  { key: 'state', header: 'État', text: (u) => (u.is_active ? 'Actif' : 'Désactivé') },
  { key: 'reset', header: 'Mot de passe' },
  { key: 'actions', header: 'Gérer' },
];

const userList = (title: string, role: string, what: string): ListDefinition<ListedUser> => ({
  title,
  path: '/users',
  params: { role },
  columns: USER_COLUMNS,
  emptyText: 'Aucun utilisateur trouvé.',
  errorText: fetchError(what),
  searchPlaceholder: 'Rechercher par nom, email, téléphone…',
});

/** Advisers, members, sympathisers and providers: Nom / Email / Téléphone / Ville. */
export const USER_LISTS: Record<UserGroup, ListDefinition<ListedUser>> = {
  sympathisants: userList('Les Sympathisants', 'sympathisant', 'des sympathisants'),
  // Providers are both provider roles in one server-paged list (and one CSV export): GET /api/users?group=prestataires.
  prestataires: { ...userList('Les Prestataires', '', 'des prestataires'), params: { group: 'prestataires' } },
  conseillers: userList('Les Conseillers', 'conseiller', 'des conseillers'),
  membres: userList('Les Membres', 'membre', 'des membres'),
};

export const UNCONFIRMED_ACCOUNTS_LIST: ListDefinition<UnconfirmedUser> = {
  title: 'Confirmer Compte',
  path: '/confirmation/unconfirmed',
  params: {},
  columns: [
    { key: 'name', header: 'Nom', text: (u) => u.name },
    { key: 'email', header: 'Email', text: (u) => u.email, nowrap: true },
    { key: 'telephone', header: 'Téléphone', text: (u) => formatTelephone(u.telephone), nowrap: true },
    { key: 'role', header: 'Rôle', text: (u) => labelOf(ROLE_LABELS, u.role) },
    { key: 'zone', header: 'Zone', text: (u) => orDash(u.zone) },
    { key: 'action', header: 'Action' },
  ],
  emptyText: 'Pas de confirmation en attente',
  errorText: fetchError('des utilisateurs non confirmés'),
  searchPlaceholder: 'Rechercher par nom, email, téléphone…',
};
