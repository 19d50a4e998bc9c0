import { formatTelephone } from '@shared/phone';
import { DONATION_PURPOSE_LABELS } from '@shared/constants';
import { formatFcfa } from '@shared/format';
import { PLEDGE_FREQUENCY_LABELS, PLEDGE_STATUS_LABELS, PLEDGE_STATUSES, type PledgeStatus } from '@shared/schemas/pledges';
import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { downloadFile } from '@web/lib/download-file';
import { notify } from '@web/lib/notify';
import { useAdminPledges } from './api';
import { CommittedVersusCollected } from './committed-chart';

const TABS: Array<{ value: PledgeStatus | ''; label: string }> = [
  ...PLEDGE_STATUSES.map((s) => ({ value: s, label: PLEDGE_STATUS_LABELS[s] })),
  { value: '', label: 'Tous' },
];
const dueDate = (day: string | null) =>
  day
    ? new Date(`${day}T12:00:00Z`).toLocaleDateString('fr-FR', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' })
    : '—';
const cell = 'px-3 py-2 text-left align-top';

/** « Dons réguliers »: pledges by status with their payments, the monthly amount committed, the CSV. */
export function PledgesView() {
  const [status, setStatus] = useState<PledgeStatus | ''>('active');
  const [page, setPage] = useState(1);
  const query = useAdminPledges(status, page);
  const pages = query.data ? Math.max(1, Math.ceil(query.data.total / 20)) : 1;
  const exportCsv = async () => {
    try {
      await downloadFile(`/admin/pledges?format=csv${status ? `&status=${status}` : ''}`, 'engagements.csv');
    } catch {
      notify.error('L’export a échoué. Veuillez réessayer.');
    }
  };
  return (
    <div className="space-y-6">
      <h2 className="text-2xl font-bold text-emerald-950">Dons réguliers</h2>
      <CommittedVersusCollected />
      <section aria-labelledby="pledges-list-title" className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <h3 id="pledges-list-title" className="sr-only">
          Liste des engagements
        </h3>
        <div className="mb-4 flex flex-wrap items-center gap-2">
          <div role="group" aria-label="Statut" className="flex flex-wrap gap-2">
            {TABS.map((tab) => (
              <button
                key={tab.label}
                type="button"
                aria-pressed={status === tab.value}
                onClick={() => {
                  setStatus(tab.value);
                  setPage(1);
                }}
                className="min-h-11 rounded-md px-3 py-2 font-semibold text-emerald-900 ring-1 ring-emerald-800 aria-pressed:bg-emerald-800 aria-pressed:text-white"
              >
                {tab.label}
              </button>
            ))}
          </div>
          <Button variant="secondary" onClick={exportCsv} className="ml-auto">
            Exporter en CSV
          </Button>
        </div>
        {query.isPending ? (
          <Spinner />
        ) : query.isError ? (
          <p role="alert" className="text-red-800">
            Erreur lors de la récupération des engagements.
          </p>
        ) : (
          <>
            <p className="mb-3 text-slate-800">
              {query.data.total} engagement{query.data.total > 1 ? 's' : ''} · engagement mensuel total :{' '}
              <strong>{formatFcfa(query.data.monthlyTotal)}</strong>
            </p>
            {query.data.items.length === 0 ? (
              <p className="text-slate-700">Aucun engagement.</p>
            ) : (
              <div className="overflow-x-auto">
                <table className="min-w-full text-sm">
                  <thead className="bg-slate-50 text-slate-700">
                    <tr>
                      <th className={cell}>Donateur</th>
                      <th className={cell}>Cause</th>
                      <th className={cell}>Montant</th>
                      <th className={cell}>Par mois</th>
                      <th className={cell}>Statut</th>
                      <th className={cell}>Prochaine échéance</th>
                      <th className={cell}>Versements</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-200">
                    {query.data.items.map((p) => (
                      <tr key={p.id}>
                        <td className={cell}>
                          {p.name}
                          <br />
                          <span className="text-slate-600">{formatTelephone(p.telephone)}</span>
                        </td>
                        <td className={cell}>{DONATION_PURPOSE_LABELS[p.purpose]}</td>
                        <td className={cell}>
                          {formatFcfa(p.amount)}
                          <br />
                          <span className="text-slate-600">{PLEDGE_FREQUENCY_LABELS[p.frequency]}</span>
                        </td>
                        <td className={cell}>{formatFcfa(p.monthly_amount)}</td>
                        <td className={cell}>{PLEDGE_STATUS_LABELS[p.status]}</td>
                        <td className={cell}>{dueDate(p.next_due)}</td>
                        <td className={cell}>
                          {formatFcfa(p.collected)} ({p.payments.filter((x) => x.receipt_number).length} reçu
                          {p.payments.filter((x) => x.receipt_number).length > 1 ? 's' : ''})
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            {pages > 1 ? (
              <div className="mt-3 flex items-center gap-2">
                <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                  Précédent
                </Button>
                <span>
                  Page {page} / {pages}
                </span>
                <Button variant="secondary" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                  Suivant
                </Button>
              </div>
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}
