import type { ListedUser } from '@shared/schemas/users';
import { tableColumns } from '@web/components/admin/list-columns';
import { ListPanel } from '@web/components/admin/list-panel';
import { listFetcher } from '@web/components/admin/page-fetchers';
import { SendResetCodeButton } from '@web/components/dashboard/send-reset-code-button';
import { Button } from '@web/components/ui/button';
import { useMemo, useState } from 'react';
import { EditUserDialog } from './edit-user-dialog';
import { USER_LISTS, type UserGroup } from './lists';

// "Filtre utilisateur": advisers, members, sympathisers and providers, Nom / Email / Téléphone / Ville.

export type { ListedUser, UserGroup };

export function UsersView({ group }: { group: UserGroup }) {
  const list = USER_LISTS[group];
  const fetchPage = useMemo(() => listFetcher(list), [list]);
  const [editing, setEditing] = useState<ListedUser | null>(null);
  const columns = tableColumns(list.columns, {
    reset: (u) => <SendResetCodeButton user={u} />,
    actions: (u) => (
      <Button variant="secondary" onClick={() => setEditing(u)} aria-label={`Modifier ${u.name}`}>
        Modifier
      </Button>
    ),
  });
  return (
    <>
      <ListPanel
        key={group}
        title={list.title}
        listKey={['admin', 'users', group]}
        fetchPage={fetchPage}
        exportFrom={{ path: list.path, params: list.params }}
        columns={columns}
        rowKey={(u) => u.id}
        emptyText={list.emptyText}
        errorText={list.errorText}
        searchPlaceholder={list.searchPlaceholder}
      />
      {editing ? <EditUserDialog user={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
