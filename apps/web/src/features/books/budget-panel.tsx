import { formatFcfa } from '@shared/format';
import { parseFcfa } from '@shared/text-rules';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/field';
import { Spinner } from '@web/components/ui/spinner';
import { api } from '@web/lib/api-client';
import { notify } from '@web/lib/notify';
import { useEffect, useState } from 'react';
import { type BudgetTotal, useBudgetExecution, useRefreshBooks } from './api';
import { resultOf } from './rules';
import { errorText, NUM, Panel, Scroll, TD, TH } from './panel';

// The year's budget and its execution: budget, actual and difference per line; lines are edited in place and saved
// together (PUT replaces the year's budget).

function TotalRow({ label, total }: { label: string; total: BudgetTotal }) {
  return (
    <tr className="font-bold">
      <td className={TD} colSpan={2}>
        {label}
      </td>
      <td className={NUM}>{formatFcfa(total.budget)}</td>
      <td className={NUM}>{formatFcfa(total.actual)}</td>
      <td className={NUM}>{formatFcfa(total.difference)}</td>
    </tr>
  );
}

interface Draft {
  account: string;
  cause: string;
  amount: string;
}

export function BudgetPanel({ year }: { year: number }) {
  const execution = useBudgetExecution(year);
  const refresh = useRefreshBooks();
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setDrafts((execution.data?.lines ?? []).map((l) => ({ account: l.account, cause: l.cause ?? '', amount: String(l.budget) })));
  }, [execution.data]);
  const set = (i: number, patch: Partial<Draft>) => setDrafts((d) => d.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  const save = async () => {
    setBusy(true);
    try {
      const lines = drafts
        .filter((d) => d.account.trim() !== '')
        .map((d) => ({ account: d.account.trim(), cause: d.cause.trim() || null, amount: parseFcfa(d.amount) }));
      await api.put(`/admin/books/budgets/${year}`, { lines });
      notify.success('Budget enregistré.');
      refresh();
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  const data = execution.data;
  return (
    <Panel title={`Budget ${year} et son exécution`}>
      {execution.isPending ? <Spinner /> : null}
      {data && data.lines.length > 0 ? (
        <Scroll label="Exécution du budget">
          <table className="w-full text-sm">
            <thead>
              <tr>
                <th className={TH}>Compte</th>
                <th className={TH}>Intitulé</th>
                <th className={`${TH} text-right`}>Budget</th>
                <th className={`${TH} text-right`}>Réalisé</th>
                <th className={`${TH} text-right`}>Écart (réalisé − budget)</th>
              </tr>
            </thead>
            <tbody>
              {data.lines.map((l) => (
                <tr key={`${l.account}-${l.cause ?? ''}`}>
                  <td className={`${TD} whitespace-nowrap font-mono`}>{l.account}</td>
                  <td className={TD}>
                    {l.label}
                    {l.cause ? ` (${l.cause})` : ''}
                  </td>
                  <td className={NUM}>{formatFcfa(l.budget)}</td>
                  <td className={NUM}>{formatFcfa(l.actual)}</td>
                  <td className={NUM}>{formatFcfa(l.difference)}</td>
                </tr>
              ))}
              <TotalRow label="Total des charges (classe 6)" total={data.charges} />
              <TotalRow label="Total des produits (classe 7)" total={data.products} />
              <TotalRow label="Résultat (produits − charges)" total={resultOf(data.products, data.charges)} />
            </tbody>
          </table>
        </Scroll>
      ) : data ? (
        <p className="text-slate-700">Aucun budget pour cette année.</p>
      ) : null}
      <h4 className="font-bold">Lignes du budget</h4>
      <ul className="space-y-2">
        {drafts.map((d, i) => (
          <li key={i} className="grid gap-2 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end">
            <TextField label="Compte" value={d.account} inputMode="numeric" onChange={(e) => set(i, { account: e.target.value })} />
            <TextField label="Cause (facultatif)" value={d.cause} onChange={(e) => set(i, { cause: e.target.value })} />
            <TextField label="Montant (FCFA)" value={d.amount} inputMode="numeric" onChange={(e) => set(i, { amount: e.target.value })} />
            <Button variant="secondary" onClick={() => setDrafts((x) => x.filter((_, j) => j !== i))}>
              Retirer
            </Button>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => setDrafts((x) => [...x, { account: '', cause: '', amount: '' }])}>
          Ajouter une ligne
        </Button>
        <Button onClick={save} isLoading={busy} loadingText="Enregistrement…">
          Enregistrer le budget
        </Button>
      </div>
    </Panel>
  );
}
