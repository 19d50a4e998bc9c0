import { formatDate } from '@shared/format';
import type { AuditEntry } from '@shared/schemas/audit';
import type { Column } from '@web/components/dashboard/data-table';
import { TextField } from '@web/components/ui/field';
import { useMemo, useState } from 'react';
import { pageFetcher } from '../api/admin-lists';
import { ListPanel } from '../components/list-panel';

// « Journal d'audit »: who did what to which record, when, from which address, before and after.

const ENTITY_LABELS: Record<string, string> = {
  users: 'Compte',
  donation: 'Don',
  payment: 'Paiement',
  testimonials: 'Témoignage',
  volunteers: 'Volontaire',
};
const short = (value: unknown) => {
  if (value === null || value === undefined) return '';
  const text = JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 160)}…` : text;
};

const COLUMNS: ReadonlyArray<Column<AuditEntry>> = [
  { key: 'date', header: 'Date', render: (e) => <span className="whitespace-nowrap">{formatDate(e.created_at)}</span> },
  { key: 'actor', header: 'Auteur', render: (e) => e.actor_name ?? (e.actor_user_id === null ? 'Système' : `#${e.actor_user_id}`) },
  { key: 'action', header: 'Action', render: (e) => <code>{e.action}</code> },
  { key: 'entity', header: 'Objet', render: (e) => `${ENTITY_LABELS[e.entity] ?? e.entity} n° ${e.entity_id}` },
  { key: 'ip', header: 'Adresse', render: (e) => e.ip ?? '—' },
  {
    key: 'change',
    header: 'Avant → après',
    render: (e) => (
      <span className="block max-w-md text-sm break-all text-slate-700">
        {short(e.before)} {e.after !== null ? `→ ${short(e.after)}` : ''}
      </span>
    ),
  },
];

export function AuditView() {
  const [filters, setFilters] = useState({ actor: '', entity: '', action: '' });
  const params = useMemo(() => Object.fromEntries(Object.entries(filters).filter(([, v]) => v.trim() !== '')), [filters]);
  const fetchPage = useMemo(() => pageFetcher<AuditEntry>('/admin/audit', params), [params]);
  const field = (key: keyof typeof filters, label: string, hint: string) => (
    <TextField label={label} hint={hint} value={filters[key]} onChange={(e) => setFilters({ ...filters, [key]: e.target.value })} />
  );
  return (
    <ListPanel
      key={JSON.stringify(params)}
      title="Journal d’audit"
      listKey={['admin', 'audit', params]}
      fetchPage={fetchPage}
      exportFrom={{ path: '/admin/audit', params }}
      toolbar={
        <div className="grid gap-3 sm:grid-cols-3">
          {field('actor', 'Auteur (n° de compte)', 'Ex. : 1')}
          {field('entity', 'Objet', 'donation, payment, users…')}
          {field('action', 'Action', 'Ex. : donation.delete')}
        </div>
      }
      columns={COLUMNS}
      rowKey={(e) => e.id}
      emptyText="Aucune entrée pour ces filtres."
      errorText="Erreur lors de la récupération du journal d’audit."
    />
  );
}
