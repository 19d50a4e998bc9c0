import { MESSAGE_CHANNEL_LABELS, MESSAGE_STATUS_LABELS, type OutboxMessage } from '@shared/schemas/outbox-messages';
import type { Column } from '@web/components/dashboard/data-table';
import { SelectField } from '@web/components/ui/field';
import { apiPage } from '@web/lib/api-client';
import { useMemo, useState } from 'react';
import type { PageFetcher } from '../api/admin-lists';
import { ListPanel } from '../components/list-panel';

// The outbox (CONTRACT.md "Messages to people"): every SMS and e-mail with its status, and a filter by
// recipient — the support tool for « je n'ai jamais reçu le code ».

const dateTime = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' })
    : '—';

const STATUS_STYLES: Record<OutboxMessage['status'], string> = {
  queued: 'bg-amber-100 text-amber-900',
  sent: 'bg-emerald-100 text-emerald-900',
  failed: 'bg-red-100 text-red-900',
};

const COLUMNS: ReadonlyArray<Column<OutboxMessage>> = [
  { key: 'created', header: 'Créé le', render: (m) => <span className="whitespace-nowrap">{dateTime(m.created_at)}</span> },
  { key: 'channel', header: 'Canal', render: (m) => MESSAGE_CHANNEL_LABELS[m.channel] },
  { key: 'to', header: 'Destinataire', render: (m) => <span className="whitespace-nowrap">{m.to}</span> },
  {
    key: 'message',
    header: 'Message',
    render: (m) => (
      <div className="max-w-md">
        {m.subject ? <p className="font-semibold">{m.subject}</p> : null}
        <p className="line-clamp-3 break-words">{m.body}</p>
      </div>
    ),
  },
  {
    key: 'status',
    header: 'Statut',
    render: (m) => (
      <div>
        <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATUS_STYLES[m.status]}`}>{MESSAGE_STATUS_LABELS[m.status]}</span>
        {m.last_error ? <p className="mt-1 max-w-xs break-words text-xs text-red-800">{m.last_error}</p> : null}
      </div>
    ),
  },
  { key: 'attempts', header: 'Essais', render: (m) => m.attempts },
  { key: 'sent', header: 'Envoyé le', render: (m) => <span className="whitespace-nowrap">{dateTime(m.sent_at)}</span> },
];

type ChannelFilter = '' | OutboxMessage['channel'];

export function OutboxView() {
  const [channel, setChannel] = useState<ChannelFilter>('');
  // The list's search box filters by recipient (`to`): a telephone in any spelling, or part of an address.
  const fetchPage = useMemo<PageFetcher<OutboxMessage>>(
    () =>
      ({ page, perPage, q }) =>
        apiPage<OutboxMessage>('/admin/messages', { page, per_page: perPage, to: q || undefined, channel: channel || undefined }),
    [channel],
  );
  const toolbar = (
    <SelectField
      label="Canal"
      containerClassName="max-w-xs"
      value={channel}
      onChange={(e) => setChannel(e.target.value as ChannelFilter)}
      options={[
        { value: '', label: 'Tous' },
        { value: 'sms', label: MESSAGE_CHANNEL_LABELS.sms },
        { value: 'email', label: MESSAGE_CHANNEL_LABELS.email },
      ]}
    />
  );
  return (
    <ListPanel
      title="SMS et e-mails envoyés"
      listKey={['admin', 'outbox', channel]}
      fetchPage={fetchPage}
      exportFrom={{ path: '/admin/messages', params: { channel: channel || undefined } }}
      columns={COLUMNS}
      rowKey={(m) => m.id}
      emptyText="Aucun message pour le moment."
      errorText="Erreur lors de la récupération des messages envoyés"
      searchPlaceholder="Destinataire : téléphone ou e-mail..."
      toolbar={toolbar}
    />
  );
}
