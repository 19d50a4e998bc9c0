import { formatDate, formatFcfa } from '@shared/format';
import { FileText } from 'lucide-react';
import { Spinner } from '@web/components/ui/spinner';
import { useOwnMoney } from './use-own-money';

const STATUS_LABELS: Record<string, string> = {
  approved: 'Réglé',
  transferred: 'Réglé',
  pending: 'En attente',
  declined: 'Refusé',
  canceled: 'Annulé',
  refunded: 'Remboursé',
};

/** "Mes paiements et dons": what the account paid or gave while logged in, each with its receipt. */
export function OwnMoneyPanel() {
  const query = useOwnMoney();
  return (
    <section aria-labelledby="own-money-title" className="max-w-2xl rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="own-money-title" className="mb-4 text-xl font-bold text-emerald-950">
        Mes paiements et dons
      </h2>
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <p role="alert" className="text-red-800">
          Erreur lors de la récupération de vos paiements.
        </p>
      ) : query.data.length === 0 ? (
        <p className="text-slate-700">
          Aucun paiement ni don pour l'instant. Ceux que vous ferez en étant connecté apparaîtront ici avec leur reçu.
        </p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {query.data.map((item) => (
            <li key={`${item.kind}-${item.id}`} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">
                  {item.label} — {formatFcfa(item.amount)}
                </p>
                <p className="text-sm text-slate-700">
                  {formatDate(item.created_at)} · {STATUS_LABELS[item.transaction_status] ?? item.transaction_status}
                </p>
              </div>
              {item.receipt_url ? (
                <a
                  href={item.receipt_url}
                  target="_blank"
                  rel="noopener"
                  className="inline-flex min-h-11 items-center gap-2 font-semibold text-emerald-900 underline"
                >
                  <FileText aria-hidden="true" size={18} />
                  Reçu {item.receipt_number}
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
