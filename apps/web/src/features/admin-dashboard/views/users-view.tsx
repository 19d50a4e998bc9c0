import type { Column } from '@web/components/dashboard/data-table';
import { SendResetCodeButton } from '@web/components/dashboard/send-reset-code-button';
import { useMemo } from 'react';
import { ADMIN_EMPTY, ADMIN_FETCH_ERRORS } from '../admin-messages';
import { concatenatedFetcher, type PageFetcher, pageFetcher } from '../api/admin-lists';
import { ListPanel } from '../components/list-panel';
import type { ListedUser } from '@shared/schemas/users';

// "Filtre utilisateur": advisers, members, sympathisers and providers (spec §2), Nom / Email / Téléphone / Ville.

export type { ListedUser };

export type UserGroup = 'sympathisants' | 'prestataires' | 'conseillers' | 'membres';

// `exportRole`: the CSV export of a one-role list (the providers' two merged lists have none).
const GROUPS: Record<UserGroup, { title: string; errorText: string; fetcher: () => PageFetcher<ListedUser>; exportRole?: string }> = {
  sympathisants: {
    title: 'Les Sympathisants',
    errorText: ADMIN_FETCH_ERRORS.sympathisers,
    fetcher: () => pageFetcher('/users', { role: 'sympathisant' }),
    exportRole: 'sympathisant',
  },
  // Providers are both provider roles: two server-paged lists shown one after the other.
  prestataires: {
    title: 'Les Prestataires',
    errorText: ADMIN_FETCH_ERRORS.providers,
    fetcher: () =>
      concatenatedFetcher(pageFetcher('/users', { role: 'prestataire_physique' }), pageFetcher('/users', { role: 'prestataire_morale' })),
  },
  conseillers: {
    title: 'Les Conseillers',
    errorText: ADMIN_FETCH_ERRORS.advisers,
    fetcher: () => pageFetcher('/users', { role: 'conseiller' }),
    exportRole: 'conseiller',
  },
  membres: {
    title: 'Les Membres',
    errorText: ADMIN_FETCH_ERRORS.members,
    fetcher: () => pageFetcher('/users', { role: 'membre' }),
    exportRole: 'membre',
  },
};

const COLUMNS: ReadonlyArray<Column<ListedUser>> = [
  { key: 'name', header: 'Nom', render: (u) => u.name },
  { key: 'email', header: 'Email', render: (u) => <span className="whitespace-nowrap">{u.email}</span> },
  { key: 'telephone', header: 'Téléphone', render: (u) => <span className="whitespace-nowrap">{u.telephone}</span> },
  { key: 'zone', header: 'Ville', render: (u) => u.zone ?? '—' },
  { key: 'reset', header: 'Mot de passe', render: (u) => <SendResetCodeButton user={u} /> },
];

export function UsersView({ group }: { group: UserGroup }) {
  const config = GROUPS[group];
  const fetchPage = useMemo(() => config.fetcher(), [config]);
  return (
    <ListPanel
      key={group}
      title={config.title}
      listKey={['admin', 'users', group]}
      fetchPage={fetchPage}
      exportFrom={config.exportRole ? { path: '/users', params: { role: config.exportRole } } : undefined}
      columns={COLUMNS}
      rowKey={(u) => u.id}
      emptyText={ADMIN_EMPTY.users}
      errorText={config.errorText}
      searchPlaceholder="Rechercher par nom, email, téléphone..."
    />
  );
}
