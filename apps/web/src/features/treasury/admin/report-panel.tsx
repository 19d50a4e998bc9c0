import { formatFcfa } from '@shared/format';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/field';
import { Spinner } from '@web/components/ui/spinner';
import { downloadFile } from '@web/lib/download-file';
import { notify } from '@web/lib/notify';
import { useState } from 'react';
import { useReport } from '../api';
import { errorText, Panel } from './panel';

// The year's cash-based statements, checked account by account, with their PDF and CSV.

export function ReportPanel() {
  const [year, setYear] = useState(new Date().getFullYear());
  const report = useReport(year);
  const download = (format: 'pdf' | 'csv') =>
    downloadFile(
      `/admin/treasury/report?year=${year}&format=${format}`,
      `etats-financiers-${year}.${format === 'csv' ? 'zip' : format}`,
    ).catch(() => notify.error('Téléchargement impossible.'));
  const line = (label: string, amount: number, strong = false) => (
    <li key={label} className={`flex justify-between gap-4 py-1 ${strong ? 'border-t border-slate-200 font-bold' : ''}`}>
      <span>{label}</span>
      <span className="whitespace-nowrap">{formatFcfa(amount)}</span>
    </li>
  );
  return (
    <Panel
      title="Bilan annuel"
      actions={
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => download('pdf')}>
            PDF
          </Button>
          <Button variant="secondary" onClick={() => download('csv')}>
            CSV
          </Button>
        </div>
      }
    >
      <TextField
        label="Exercice"
        type="number"
        min={2000}
        max={2100}
        value={year}
        onChange={(e) => setYear(Number(e.target.value) || year)}
      />
      {report.isError ? (
        <p role="alert" className="text-red-800">
          {errorText(report.error)}
        </p>
      ) : !report.data ? (
        <Spinner />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <div>
            <h4 className="font-bold text-emerald-950">Recettes</h4>
            <ul>
              {report.data.receipts.map((r) => line(r.label, r.amount))}
              {line('Total des recettes', report.data.receipts_total, true)}
            </ul>
          </div>
          <div>
            <h4 className="font-bold text-emerald-950">Dépenses</h4>
            <ul>
              {report.data.expenses.map((r) => line(r.label, r.amount))}
              {line('Total des dépenses', report.data.expenses_total, true)}
            </ul>
          </div>
          <p className="text-lg font-bold lg:col-span-2">
            {report.data.result >= 0 ? 'Excédent' : 'Déficit'} : {formatFcfa(report.data.result)}
          </p>
          <div className="lg:col-span-2">
            <h4 className="font-bold text-emerald-950">Comptes</h4>
            <ul className="grid gap-3 sm:grid-cols-2">
              {report.data.accounts.map((a) => (
                <li key={a.id} className="rounded-md border border-slate-200 p-3">
                  <p className="font-semibold">{a.name}</p>
                  <ul className="text-sm">
                    {line('Solde au 1er janvier', a.start_balance)}
                    {line('+ Recettes', a.receipts)}
                    {line('− Dépenses', a.expenses)}
                    {line('+ Virements reçus', a.transfers_in)}
                    {line('− Virements émis', a.transfers_out)}
                    {line('Solde au 31 décembre', a.end_balance, true)}
                  </ul>
                  <p className={`mt-1 text-sm font-semibold ${a.balanced ? 'text-emerald-800' : 'text-red-800'}`}>
                    {a.balanced ? 'Contrôle : équilibré' : `Contrôle : écart (calculé ${formatFcfa(a.computed_end_balance)})`}
                  </p>
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
    </Panel>
  );
}
