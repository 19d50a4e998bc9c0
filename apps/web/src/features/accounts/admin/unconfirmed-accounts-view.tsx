import type { UnconfirmedUser } from '@shared/schemas/users';
import { tableColumns } from '@web/components/admin/list-columns';
import { ListPanel } from '@web/components/admin/list-panel';
import { listFetcher } from '@web/components/admin/page-fetchers';
import { Button } from '@web/components/ui/button';
import { UNCONFIRMED_ACCOUNTS_KEY, useConfirmAccount } from './api';
import { UNCONFIRMED_ACCOUNTS_LIST as LIST } from './lists';

export type { UnconfirmedUser };

const fetchUnconfirmed = listFetcher(LIST);

export function UnconfirmedAccountsView() {
  const confirm = useConfirmAccount();
  const columns = tableColumns(LIST.columns, {
    action: (u) => (
      <Button isLoading={confirm.isPending && confirm.variables?.id === u.id} loadingText="En cours..." onClick={() => confirm.mutate(u)}>
        Confirmer
      </Button>
    ),
  });

  return (
    <ListPanel
      title={LIST.title}
      listKey={UNCONFIRMED_ACCOUNTS_KEY}
      fetchPage={fetchUnconfirmed}
      exportFrom={{ path: LIST.path }}
      columns={columns}
      rowKey={(u) => u.id}
      emptyText={LIST.emptyText}
      errorText={LIST.errorText}
      searchPlaceholder={LIST.searchPlaceholder}
    />
  );
}
