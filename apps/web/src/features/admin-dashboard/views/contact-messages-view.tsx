import { formatDate } from '@shared/format';
import type { Column } from '@web/components/dashboard/data-table';
import { ADMIN_EMPTY, ADMIN_FETCH_ERRORS } from '../admin-messages';
import { pageFetcher } from '../api/admin-lists';
import { ListPanel } from '../components/list-panel';
import type { ContactMessage } from '@shared/schemas/public-site';

export type { ContactMessage };

const COLUMNS: ReadonlyArray<Column<ContactMessage>> = [
  { key: 'date', header: 'Date', render: (m) => <span className="whitespace-nowrap">{formatDate(m.created_at)}</span> },
  { key: 'name', header: 'Nom', render: (m) => m.name },
  {
    key: 'email',
    header: 'Email',
    render: (m) => (
      <a className="whitespace-nowrap text-emerald-800 underline" href={`mailto:${m.email}`}>
        {m.email}
      </a>
    ),
  },
  { key: 'phone', header: 'Téléphone', render: (m) => <span className="whitespace-nowrap">{m.phone ?? '—'}</span> },
  { key: 'services', header: 'Services', render: (m) => m.services ?? '—' },
  { key: 'message', header: 'Message', render: (m) => <p className="max-w-md min-w-56 whitespace-pre-line">{m.message ?? ''}</p> },
];

const fetchMessages = pageFetcher<ContactMessage>('/contact-messages');

export function ContactMessagesView() {
  return (
    <ListPanel
      title="Messages de contact"
      listKey={['admin', 'contact-messages']}
      fetchPage={fetchMessages}
      columns={COLUMNS}
      rowKey={(m) => m.id}
      emptyText={ADMIN_EMPTY.contactMessages}
      errorText={ADMIN_FETCH_ERRORS.contactMessages}
      searchPlaceholder="Rechercher par nom, email, message..."
    />
  );
}
