import { formatDate } from '@shared/format';
import { StatusTabs } from '../components/status-tabs';
import type { MessageResponse } from '@shared/schemas/api-common';
import type { ContactMessageStatus } from '@shared/schemas/back-office';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Column } from '@web/components/dashboard/data-table';
import { Button } from '@web/components/ui/button';
import { api } from '@web/lib/api-client';
import { notify } from '@web/lib/notify';
import { useMemo, useState } from 'react';
import { ADMIN_ACTION_ERRORS, ADMIN_EMPTY, ADMIN_FETCH_ERRORS } from '../admin-messages';
import { pageFetcher, removeRow } from '../api/admin-lists';
import { ListPanel } from '../components/list-panel';
import type { ContactMessage } from '@shared/schemas/public-site';

// Contact messages (issue #18 §5): new ones first, each marked handled once dealt with; the telephone is a tel: link.

export type { ContactMessage };

const TABS: ReadonlyArray<{ status: ContactMessageStatus; label: string }> = [
  { status: 'nouveau', label: 'Nouveaux' },
  { status: 'traite', label: 'Traités' },
];

const BASE_COLUMNS: ReadonlyArray<Column<ContactMessage>> = [
  { key: 'date', header: 'Date', render: (m) => <span className="whitespace-nowrap">{formatDate(m.created_at)}</span> },
  { key: 'name', header: 'Nom', render: (m) => m.name },
  {
    key: 'email',
    header: 'Email',
    render: (m) => (
      <a className="inline-flex min-h-6 items-center whitespace-nowrap text-emerald-800 underline" href={`mailto:${m.email}`}>
        {m.email}
      </a>
    ),
  },
  {
    key: 'phone',
    header: 'Téléphone',
    render: (m) =>
      m.phone ? (
        <a
          className="inline-flex min-h-6 items-center whitespace-nowrap text-emerald-800 underline"
          href={`tel:${m.phone.replace(/[^\d+]/g, '')}`}
        >
          {m.phone}
        </a>
      ) : (
        '—'
      ),
  },
  { key: 'services', header: 'Services', render: (m) => m.services ?? '—' },
  { key: 'message', header: 'Message', render: (m) => <p className="max-w-md min-w-56 whitespace-pre-line">{m.message ?? ''}</p> },
];

export function ContactMessagesView() {
  const [status, setStatus] = useState<ContactMessageStatus>('nouveau');
  const listKey = useMemo(() => ['admin', 'contact-messages', status] as const, [status]);
  const fetchPage = useMemo(() => pageFetcher<ContactMessage>('/contact-messages', { status }), [status]);
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: (m: ContactMessage) => api.put<MessageResponse>(`/contact-messages/${m.id}/handled`, { handled: m.handled_at === null }),
    onSuccess: async (body, m) => {
      notify.success(body.message);
      // The message moves to the other tab; the landing view's count changes.
      await removeRow(queryClient, listKey, m.id);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'contact-messages'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'waiting'] });
    },
    onError: () => notify.error(ADMIN_ACTION_ERRORS.handleMessage),
  });

  const columns: ReadonlyArray<Column<ContactMessage>> = [
    ...BASE_COLUMNS,
    {
      key: 'actions',
      header: 'Actions',
      render: (m) => (
        <Button
          variant={m.handled_at ? 'secondary' : 'primary'}
          isLoading={toggle.isPending && toggle.variables?.id === m.id}
          loadingText="En cours..."
          onClick={() => toggle.mutate(m)}
        >
          {m.handled_at ? 'Remettre en nouveau' : 'Marquer traité'}
        </Button>
      ),
    },
  ];

  const toolbar = <StatusTabs label="État des messages" tabs={TABS} status={status} onChange={setStatus} />;

  return (
    <ListPanel
      key={status}
      title="Messages de contact"
      toolbar={toolbar}
      listKey={listKey}
      fetchPage={fetchPage}
      columns={columns}
      exportFrom={{ path: '/contact-messages', params: { status } }}
      rowKey={(m) => m.id}
      emptyText={status === 'nouveau' ? ADMIN_EMPTY.contactMessagesNew : ADMIN_EMPTY.contactMessagesHandled}
      errorText={ADMIN_FETCH_ERRORS.contactMessages}
      searchPlaceholder="Rechercher par nom, email, message..."
    />
  );
}
