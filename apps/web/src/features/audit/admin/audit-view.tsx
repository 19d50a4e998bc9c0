import { auditChangeWords } from '@shared/audit-words';
import { tableColumns } from '@web/components/admin/list-columns';
import { ListPanel } from '@web/components/admin/list-panel';
import { listFetcher } from '@web/components/admin/page-fetchers';
import { TextField } from '@web/components/ui/field';
import { useMemo, useState } from 'react';
import { AUDIT_LIST as LIST } from './lists';

// « Journal d'audit »: who did what to which record, when, from which address, before and after.

const COLUMNS = tableColumns(LIST.columns, {
  change: (e) => (
    <span className="block max-w-md text-sm break-words text-slate-700">{auditChangeWords(e.before, e.after, e.details) || '—'}</span>
  ),
});

export function AuditView() {
  const [filters, setFilters] = useState({ actor: '', entity: '', action: '' });
  const params = useMemo(() => Object.fromEntries(Object.entries(filters).filter(([, v]) => v.trim() !== '')), [filters]);
  const fetchPage = useMemo(() => listFetcher(LIST, params), [params]);
  const field = (key: keyof typeof filters, label: string, hint: string) => (
    <TextField label={label} hint={hint} value={filters[key]} onChange={(e) => setFilters({ ...filters, [key]: e.target.value })} />
  );
  return (
    <ListPanel
      key={JSON.stringify(params)}
      title={LIST.title}
      listKey={['admin', 'audit', params]}
      fetchPage={fetchPage}
      exportFrom={{ path: LIST.path, params }}
      toolbar={
        <div className="grid gap-3 sm:grid-cols-3">
          {field('actor', 'Auteur (n° de compte)', 'Ex. : 1')}
          {field('entity', 'Objet', 'donation, payment, users…')}
          {field('action', 'Action (code)', 'Ex. : donation.delete')}
        </div>
      }
      columns={COLUMNS}
      rowKey={(e) => e.id}
      emptyText={LIST.emptyText}
      errorText={LIST.errorText}
    />
  );
}
