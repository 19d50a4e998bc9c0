import { formatFcfa } from '@shared/format';
import { Spinner } from '@web/components/ui/spinner';
import { usePledgeStats } from './api';

const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('fr-FR', { month: 'short', year: '2-digit', timeZone: 'UTC' });

/**
 * Committed versus collected: the monthly amount active pledges promise (the line) against what pledge payments
 * brought in each month (the bars). The bars are a picture (aria-hidden); the table says the same for everyone.
 */
export function CommittedVersusCollected() {
  const query = usePledgeStats();
  if (query.isPending) return <Spinner />;
  if (query.isError || !query.data) return null;
  const { committed_monthly: committed, monthly } = query.data;
  const top = Math.max(committed, ...monthly.map((m) => m.collected), 1);
  return (
    <section aria-labelledby="committed-title" className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h3 id="committed-title" className="mb-1 text-lg font-bold text-emerald-950">
        Promis et collecté
      </h3>
      <p className="mb-3 text-slate-800">
        Promis chaque mois par {query.data.active} engagement{query.data.active > 1 ? 's' : ''} actif{query.data.active > 1 ? 's' : ''} :{' '}
        <strong>{formatFcfa(committed)}</strong>
      </p>
      <div aria-hidden="true" className="relative flex h-40 items-end gap-1 border-b border-slate-300">
        <div className="absolute inset-x-0 border-t-2 border-dashed border-orange-700" style={{ bottom: `${(committed / top) * 100}%` }} />
        {monthly.map((m) => (
          <div key={m.month} className="flex h-full flex-1 flex-col justify-end">
            <div className="rounded-t bg-emerald-800" style={{ height: `${(m.collected / top) * 100}%` }} />
          </div>
        ))}
      </div>
      <table className="mt-3 w-full text-sm">
        <caption className="sr-only">Collecté par mois pour les dons réguliers</caption>
        <thead>
          <tr className="text-slate-700">
            <th className="text-left">Mois</th>
            <th className="text-right">Collecté</th>
            <th className="text-right">Promis</th>
          </tr>
        </thead>
        <tbody>
          {monthly.slice(-3).map((m) => (
            <tr key={m.month}>
              <td>{monthLabel(m.month)}</td>
              <td className="text-right">{formatFcfa(m.collected)}</td>
              <td className="text-right">{formatFcfa(committed)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
