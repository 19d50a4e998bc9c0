import { formatTelephone, toE164 } from '@shared/phone';
import type { ContactMessageStatus } from '@shared/schemas/back-office';
import type { ContactMessage } from '@shared/schemas/public-site';
import { tableColumns } from '@web/components/admin/list-columns';
import { ListPanel } from '@web/components/admin/list-panel';
import { listFetcher } from '@web/components/admin/page-fetchers';
import { StatusTabs } from '@web/components/admin/status-tabs';
import { Button } from '@web/components/ui/button';
import { useMemo, useState } from 'react';
import { useToggleHandled } from './api';
import { CONTACT_MESSAGES_LIST as LIST, HANDLED_EMPTY } from './lists';

// Contact messages: new ones first, each marked handled once dealt with; the telephone is a tel: link.

export type { ContactMessage };

const TABS: ReadonlyArray<{ status: ContactMessageStatus; label: string }> = [
  { status: 'nouveau', label: 'Nouveaux' },
  { status: 'traite', label: 'Traités' },
];

const link = 'inline-flex min-h-6 items-center whitespace-nowrap text-emerald-800 underline';

export function ContactMessagesView() {
  const [status, setStatus] = useState<ContactMessageStatus>(LIST.params.status);
  const listKey = useMemo(() => ['admin', 'contact-messages', status] as const, [status]);
  const fetchPage = useMemo(() => listFetcher(LIST, { status }), [status]);
  const toggle = useToggleHandled(listKey);

  const columns = tableColumns(LIST.columns, {
    email: (m) => (
      <a className={link} href={`mailto:${m.email}`}>
        {m.email}
      </a>
    ),
    phone: (m) =>
      m.phone ? (
        // The link dials the number shown: a message kept from before the 10-digit numbering (« +229 90 44 55 66 »)
        // is shown « 01 90 44 55 66 » and dials +2290190445566, not the retired 8-digit number.
        <a className={link} href={`tel:${toE164(m.phone) ?? m.phone.replace(/[^\d+]/g, '')}`}>
          {formatTelephone(m.phone)}
        </a>
      ) : (
        '—'
      ),
    message: (m) => <p className="max-w-md min-w-56 whitespace-pre-line">{m.message ?? ''}</p>,
    actions: (m) => (
      <Button
        variant={m.handled_at ? 'secondary' : 'primary'}
        isLoading={toggle.isPending && toggle.variables?.id === m.id}
        loadingText="En cours..."
        onClick={() => toggle.mutate(m)}
      >
        {m.handled_at ? 'Remettre en nouveau' : 'Marquer traité'}
      </Button>
    ),
  });

  const toolbar = <StatusTabs label="État des messages" tabs={TABS} status={status} onChange={setStatus} />;

  return (
    <ListPanel
      key={status}
      title={LIST.title}
      toolbar={toolbar}
      listKey={listKey}
      fetchPage={fetchPage}
      columns={columns}
      exportFrom={{ path: LIST.path, params: { status } }}
      rowKey={(m) => m.id}
      emptyText={status === 'nouveau' ? LIST.emptyText : HANDLED_EMPTY}
      errorText={LIST.errorText}
      searchPlaceholder={LIST.searchPlaceholder}
    />
  );
}
