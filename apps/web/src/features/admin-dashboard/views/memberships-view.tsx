import { ROLE_LABELS, type Role } from '@shared/constants';
import { formatDate } from '@shared/format';
import { MEMBERSHIP_STATUS_LABELS, MEMBERSHIP_STATUSES, type MemberListItem, type MembershipStatus } from '@shared/schemas/membership';
import type { Column } from '@web/components/dashboard/data-table';
import { SelectField } from '@web/components/ui/field';
import { useMemo, useState } from 'react';
import { pageFetcher } from '../api/admin-lists';
import { ListPanel } from '../components/list-panel';

// « Adhésions »: every account with its membership status and end date, filtered by status.

const STATUS_OPTIONS = [
  { value: '', label: 'Tous les statuts' },
  ...MEMBERSHIP_STATUSES.map((s) => ({ value: s, label: MEMBERSHIP_STATUS_LABELS[s] })),
];

const COLUMNS: ReadonlyArray<Column<MemberListItem>> = [
  { key: 'name', header: 'Nom', render: (m) => m.name },
  { key: 'telephone', header: 'Téléphone', render: (m) => <span className="whitespace-nowrap">{m.telephone}</span> },
  { key: 'role', header: 'Rôle', render: (m) => ROLE_LABELS[m.role as Role] ?? m.role },
  { key: 'status', header: 'Adhésion', render: (m) => MEMBERSHIP_STATUS_LABELS[m.status] },
  {
    key: 'until',
    header: 'Valable jusqu’au',
    render: (m) => (m.valid_until ? <span className="whitespace-nowrap">{formatDate(m.valid_until)}</span> : '—'),
  },
];

export function MembershipsView() {
  const [status, setStatus] = useState<MembershipStatus | ''>('');
  const params = useMemo((): Record<string, string> => (status ? { status } : {}), [status]);
  const fetchPage = useMemo(() => pageFetcher<MemberListItem>('/members', params), [params]);
  return (
    <ListPanel
      key={status}
      title="Adhésions"
      listKey={['admin', 'members', status]}
      fetchPage={fetchPage}
      exportFrom={{ path: '/members', params }}
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
      emptyText="Aucun compte pour ce statut."
      errorText="Erreur lors de la récupération des adhésions."
    />
  );
}
