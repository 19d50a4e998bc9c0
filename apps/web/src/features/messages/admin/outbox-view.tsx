import {
  DELIVERY_STATUS_LABELS,
  MESSAGE_CHANNEL_LABELS,
  MESSAGE_COST_LABELS,
  MESSAGE_STATUS_LABELS,
  type OutboxMessage,
} from '@shared/schemas/outbox-messages';
import { tableColumns } from '@web/components/admin/list-columns';
import { ListPanel } from '@web/components/admin/list-panel';
import { listFetcher } from '@web/components/admin/page-fetchers';
import { SelectField } from '@web/components/ui/field';
import { useMemo, useState } from 'react';
import { type ChannelFilter, dateTime, OUTBOX_LIST as LIST } from './lists';

// The outbox: every SMS and e-mail with its status, and a filter by recipient.

const STATUS_STYLES: Record<OutboxMessage['status'], string> = {
  queued: 'bg-amber-100 text-amber-900',
  sent: 'bg-emerald-100 text-emerald-900',
  kept: 'bg-slate-200 text-slate-900',
  failed: 'bg-red-100 text-red-900',
};

/** The day and the time each on one line: the cell may wrap between them, never inside a date (issue 41). */
const DateCell = ({ iso }: { iso: string | null }) => {
  const [day, time] = dateTime(iso).split(' ');
  return (
    <span className="[overflow-wrap:normal]">
      <span className="whitespace-nowrap">{day}</span> {time ? <span className="whitespace-nowrap">{time}</span> : null}
    </span>
  );
};
/** A label that wraps between its words only (the table's cells otherwise break long values anywhere). */
const Words = ({ children, className = '' }: { children: string; className?: string }) => (
  <span className={`inline-block [overflow-wrap:normal] ${className}`}>{children}</span>
);

const COLUMNS = tableColumns(LIST.columns, {
  created: (m) => <DateCell iso={m.created_at} />,
  sent: (m) => <DateCell iso={m.sent_at} />,
  channel: (m) => <Words className="whitespace-nowrap">{MESSAGE_CHANNEL_LABELS[m.channel]}</Words>,
  cost: (m) => (m.cost_category ? <Words>{MESSAGE_COST_LABELS[m.cost_category] ?? m.cost_category}</Words> : '—'),
  // A long link in a body (a receipt's address) breaks anywhere: the column narrows so the last ones stay in view.
  message: (m) => (
    <div className="max-w-xs [overflow-wrap:anywhere]">
      {m.subject ? <p className="font-semibold">{m.subject}</p> : null}
      <p className="line-clamp-3">{m.body}</p>
    </div>
  ),
  status: (m) => (
    <div>
      <span className={`inline-block whitespace-nowrap rounded px-2 py-0.5 text-xs font-semibold ${STATUS_STYLES[m.status]}`}>
        {MESSAGE_STATUS_LABELS[m.status]}
      </span>
      {m.last_error ? <p className="mt-1 max-w-xs break-words text-xs text-red-800">{m.last_error}</p> : null}
    </div>
  ),
  delivery: (m) =>
    m.delivery_status ? (
      <div>
        <Words className="text-xs font-semibold">{DELIVERY_STATUS_LABELS[m.delivery_status] ?? m.delivery_status}</Words>
        {m.delivery_error ? <p className="mt-1 max-w-xs break-words text-xs text-red-800">{m.delivery_error}</p> : null}
      </div>
    ) : (
      '—'
    ),
});

export function OutboxView() {
  const [channel, setChannel] = useState<ChannelFilter>('');
  // The list's search box filters by recipient (`to`, the list's search parameter).
  const fetchPage = useMemo(() => listFetcher(LIST, { channel: channel || undefined }), [channel]);
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
        { value: 'whatsapp', label: MESSAGE_CHANNEL_LABELS.whatsapp },
      ]}
    />
  );
  return (
    <ListPanel
      title={LIST.title}
      listKey={['admin', 'outbox', channel]}
      fetchPage={fetchPage}
      exportFrom={{ path: LIST.path, params: { channel: channel || undefined } }}
      columns={COLUMNS}
      rowKey={(m) => m.id}
      emptyText="Aucun message pour le moment."
      errorText="Erreur lors de la récupération des messages envoyés"
      searchPlaceholder="Destinataire : téléphone ou e-mail…"
      toolbar={toolbar}
    />
  );
}
