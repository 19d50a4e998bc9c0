import { formatFcfa, formatDate } from '@shared/format';
import { type JournalLine, MOVEMENT_KIND_LABELS } from '@shared/schemas/treasury';
import { type Column, DataTable } from '@web/components/dashboard/data-table';
import { Button } from '@web/components/ui/button';
import { SelectField, TextField } from '@web/components/ui/field';
import { Spinner } from '@web/components/ui/spinner';
import { downloadFile } from '@web/lib/download-file';
import { notify } from '@web/lib/notify';
import { useState } from 'react';
import { csvQuery, type JournalFilters, useAccounts, useJournal } from '../api';
import { errorText, Panel } from './panel';

// Every movement in date order with its account's running balance; refunds and cancellations show as their own lines.

const COLUMNS: ReadonlyArray<Column<JournalLine>> = [
  { key: 'date', header: 'Date', render: (l) => <span className="whitespace-nowrap">{formatDate(l.date)}</span> },
  { key: 'account', header: 'Compte', render: (l) => l.account_name },
  {
    key: 'label',
    header: 'Libellé',
    render: (l) => (
      <span>
        <span className="block text-sm text-slate-600">{MOVEMENT_KIND_LABELS[l.kind]}</span>
        {l.label}
        {l.reference ? <span className="block text-sm text-slate-600">Réf. {l.reference}</span> : null}
      </span>
    ),
  },
  {
    key: 'amount',
    header: 'Montant',
    render: (l) => (
      <span className={`whitespace-nowrap font-semibold ${l.amount < 0 ? 'text-red-800' : 'text-emerald-900'}`}>
        {formatFcfa(l.amount)}
      </span>
    ),
  },
  { key: 'balance', header: 'Solde', render: (l) => <span className="whitespace-nowrap">{formatFcfa(l.balance)}</span> },
];

export function JournalPanel() {
  const accounts = useAccounts();
  const [filters, setFilters] = useState<JournalFilters>({});
  const [page, setPage] = useState(1);
  const journal = useJournal(filters, page);
  const set = (patch: JournalFilters) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  return (
    <Panel
      title="Journal"
      actions={
        <Button
          variant="secondary"
          onClick={() =>
            downloadFile(
              `/admin/treasury/journal?${new URLSearchParams({ ...csvQuery({ ...filters }), format: 'csv' })}`,
              'journal.csv',
            ).catch(() => notify.error('Export impossible.'))
          }
        >
          Exporter (CSV)
        </Button>
      }
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField
          label="Compte"
          options={[
            { value: '', label: 'Tous les comptes' },
            ...(accounts.data ?? []).map((a) => ({ value: String(a.id), label: a.name })),
          ]}
          value={filters.account ?? ''}
          onChange={(e) => set({ account: e.target.value })}
        />
        <TextField label="Du" type="date" value={filters.from ?? ''} onChange={(e) => set({ from: e.target.value })} />
        <TextField label="Au" type="date" value={filters.to ?? ''} onChange={(e) => set({ to: e.target.value })} />
      </div>
      {journal.isError ? (
        <p role="alert" className="text-red-800">
          {errorText(journal.error)}
        </p>
      ) : !journal.data ? (
        <Spinner />
      ) : (
        <DataTable
          caption="Journal de trésorerie"
          columns={COLUMNS}
          rows={journal.data.items}
          rowKey={(l) => l.id}
          emptyText="Aucun mouvement."
          page={page}
          total={journal.data.total}
          perPage={50}
          onPageChange={setPage}
        />
      )}
    </Panel>
  );
}
