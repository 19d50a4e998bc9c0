import { formatDate } from '@shared/format';
import type { Column } from '@web/components/dashboard/data-table';
import { ADMIN_EMPTY, ADMIN_FETCH_ERRORS } from '../admin-messages';
import { pageFetcher } from '../api/admin-lists';
import { ListPanel } from '../components/list-panel';
import type { Subscriber } from '@shared/schemas/public-site';

export type { Subscriber };

const COLUMNS: ReadonlyArray<Column<Subscriber>> = [
  { key: 'email', header: 'Email', render: (s) => <span className="whitespace-nowrap">{s.email}</span> },
  { key: 'date', header: "Date d'inscription", render: (s) => <span className="whitespace-nowrap">{formatDate(s.created_at)}</span> },
];

const fetchSubscribers = pageFetcher<Subscriber>('/newsletter/subscribers');

export function NewsletterView() {
  return (
    <ListPanel
      title="Newsletter"
      listKey={['admin', 'newsletter']}
      fetchPage={fetchSubscribers}
      exportFrom={{ path: '/newsletter/subscribers' }}
      columns={COLUMNS}
      rowKey={(s) => s.id}
      emptyText={ADMIN_EMPTY.newsletter}
      errorText={ADMIN_FETCH_ERRORS.newsletter}
      searchPlaceholder="Rechercher un email..."
    />
  );
}
