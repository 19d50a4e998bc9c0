import type { Subscriber } from '@shared/schemas/public-site';
import { tableColumns } from '@web/components/admin/list-columns';
import { ListPanel } from '@web/components/admin/list-panel';
import { listFetcher } from '@web/components/admin/page-fetchers';
import { SUBSCRIBERS_LIST as LIST } from './lists';

export type { Subscriber };

const COLUMNS = tableColumns(LIST.columns);
const fetchSubscribers = listFetcher(LIST);

export function NewsletterView() {
  return (
    <ListPanel
      title={LIST.title}
      listKey={['admin', 'newsletter']}
      fetchPage={fetchSubscribers}
      exportFrom={{ path: LIST.path }}
      columns={COLUMNS}
      rowKey={(s) => s.id}
      emptyText={LIST.emptyText}
      errorText={LIST.errorText}
      searchPlaceholder={LIST.searchPlaceholder}
    />
  );
}
