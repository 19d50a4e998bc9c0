import { ROLE_LABELS, type Role } from '@shared/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Column } from '@web/components/dashboard/data-table';
import { Button } from '@web/components/ui/button';
import { api } from '@web/lib/api-client';
import { notify } from '@web/lib/notify';
import { ADMIN_ACTION_ERRORS, ADMIN_EMPTY, ADMIN_FETCH_ERRORS, ADMIN_SUCCESS } from '../admin-messages';
import { pageFetcher, removeRow } from '../api/admin-lists';
import { ListPanel } from '../components/list-panel';
import type { UnconfirmedUser } from '@shared/schemas/users';
import type { MessageResponse } from '@shared/schemas/api-common';

export type { UnconfirmedUser };

const LIST_KEY = ['admin', 'unconfirmed-users'] as const;
const fetchUnconfirmed = pageFetcher<UnconfirmedUser>('/confirmation/unconfirmed');

export function UnconfirmedAccountsView() {
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: (user: UnconfirmedUser) => api.put<MessageResponse>(`/users/${user.id}/confirm`),
    onSuccess: async (body, user) => {
      notify.success(body?.message ?? ADMIN_SUCCESS.userConfirmed);
      await removeRow(queryClient, LIST_KEY, user.id);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'stats'] });
    },
    onError: () => notify.error(ADMIN_ACTION_ERRORS.confirmUser),
  });

  const columns: ReadonlyArray<Column<UnconfirmedUser>> = [
    { key: 'name', header: 'Nom', render: (u) => u.name },
    { key: 'email', header: 'Email', render: (u) => <span className="whitespace-nowrap">{u.email}</span> },
    { key: 'telephone', header: 'Téléphone', render: (u) => <span className="whitespace-nowrap">{u.telephone}</span> },
    { key: 'role', header: 'Rôle', render: (u) => ROLE_LABELS[u.role as Role] ?? u.role },
    { key: 'zone', header: 'Zone', render: (u) => u.zone ?? '—' },
    {
      key: 'action',
      header: 'Action',
      render: (u) => (
        <Button isLoading={confirm.isPending && confirm.variables?.id === u.id} loadingText="En cours..." onClick={() => confirm.mutate(u)}>
          Confirmer
        </Button>
      ),
    },
  ];

  return (
    <ListPanel
      title="Confirmer Compte"
      listKey={LIST_KEY}
      fetchPage={fetchUnconfirmed}
      exportFrom={{ path: '/confirmation/unconfirmed' }}
      columns={columns}
      rowKey={(u) => u.id}
      emptyText={ADMIN_EMPTY.unconfirmedUsers}
      errorText={ADMIN_FETCH_ERRORS.unconfirmedUsers}
      searchPlaceholder="Rechercher par nom, email, téléphone..."
    />
  );
}
