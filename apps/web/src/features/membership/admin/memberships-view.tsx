import { formatDate } from '@shared/format';
import { MEMBERSHIP_STATUS_LABELS, MEMBERSHIP_STATUSES, type MembershipStatus } from '@shared/schemas/membership';
import { tableColumns } from '@web/components/admin/list-columns';
import { ListPanel } from '@web/components/admin/list-panel';
import { listFetcher } from '@web/components/admin/page-fetchers';
import { SelectField } from '@web/components/ui/field';
import { useMemo, useState } from 'react';
import { MEMBERSHIPS_LIST as LIST } from './lists';

// « Adhésions »: every account with its membership status and end date, filtered by status.

const STATUS_OPTIONS = [
  { value: '', label: 'Tous les statuts' },
  ...MEMBERSHIP_STATUSES.map((s) => ({ value: s, label: MEMBERSHIP_STATUS_LABELS[s] })),
];

const COLUMNS = tableColumns(LIST.columns, {
  until: (m) => (m.valid_until ? <span className="whitespace-nowrap">{formatDate(m.valid_until)}</span> : '—'),
});

export function MembershipsView() {
  const [status, setStatus] = useState<MembershipStatus | ''>('');
  const params = useMemo((): Record<string, string> => (status ? { status } : {}), [status]);
  const fetchPage = useMemo(() => listFetcher(LIST, params), [params]);
  return (
    <ListPanel
      key={status}
      title={LIST.title}
      listKey={['admin', 'members', status]}
      fetchPage={fetchPage}
      exportFrom={{ path: LIST.path, params }}
      toolbar={
        <div className="max-w-xs">
          <SelectField
            label="Statut de l’adhésion"
            value={status}
            options={STATUS_OPTIONS}
            onChange={(e) => setStatus(e.target.value as MembershipStatus | '')}
          />
        </div>
      }
      columns={COLUMNS}
      rowKey={(m) => m.id}
      emptyText={LIST.emptyText}
      errorText={LIST.errorText}
      searchPlaceholder={LIST.searchPlaceholder}
    />
  );
}
