import { ReceiptLink } from '@web/components/money/receipt-link';
import { formatDate, formatFcfa } from '@shared/format';
import type { OwnMoneyItem } from '@shared/schemas/donation';
import { PAYMENT_OUTCOME_MESSAGES as M } from '@shared/schemas/payment-outcome';
import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Spinner } from '@web/components/ui/spinner';
import { api } from '@web/lib/api-client';
import { useOwnMoney } from './use-own-money';

const STATUS_LABELS: Record<string, string> = {
  approved: 'Réglé',
  transferred: 'Réglé',
  pending: 'En attente',
  declined: 'Refusé',
  canceled: 'Annulé',
  refunded: 'Remboursé',
};

const CHECKED: Record<string, string> = {
  approved: M.checkedPaid,
  transferred: M.checkedPaid,
  declined: M.checkedRefused,
  canceled: M.checkedCanceled,
  pending: M.checkedPending,
};

/**
 * « Vérifier le paiement » for a pending record (docs/product/payments.md "A pending payment"): the server asks the
 * provider, from whichever device the person uses now; the answer replaces the line.
 */
function CheckPending({ item, onSettled }: { item: OwnMoneyItem; onSettled: (said: string) => void }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<{ busy: boolean; said: string | null }>({ busy: false, said: null });
  const check = async () => {
    setState({ busy: true, said: null });
    try {
      const fresh = await api.post<OwnMoneyItem>(`/profile/money/${item.kind}/${item.id}/check`);
      const said = CHECKED[fresh.transaction_status] ?? M.checkedPending;
      setState({ busy: false, said });
      if (fresh.transaction_status !== 'pending') {
        // The line is no longer pending: the panel keeps saying what the check found.
        onSettled(said);
        queryClient.setQueryData<OwnMoneyItem[]>(['profile', 'money'], (list) =>
          list?.map((i) => (i.kind === fresh.kind && i.id === fresh.id ? fresh : i)),
        );
        // A fee paid moves the membership's validity.
        void queryClient.invalidateQueries({ queryKey: ['profile'], exact: true });
      }
    } catch {
      setState({ busy: false, said: M.checkFailed });
    }
  };
  return (
    <div className="flex flex-col items-start gap-1">
      <button
        type="button"
        onClick={() => void check()}
        disabled={state.busy}
        className="inline-flex min-h-11 items-center gap-2 rounded-md px-3 font-semibold text-emerald-900 ring-1 ring-emerald-800 hover:bg-emerald-50 disabled:opacity-60"
      >
        <RefreshCw aria-hidden size={18} />
        {state.busy ? M.checking : M.checkNow}
      </button>
      {state.said ? (
        <p role="status" className="text-sm text-slate-800">
          {state.said}
        </p>
      ) : null}
    </div>
  );
}

/** "Mes paiements et dons": what the account paid or gave while logged in, each with its receipt. */
export function OwnMoneyPanel() {
  const query = useOwnMoney();
  // What a check found for the lines it settled on this visit.
  const [settled, setSettled] = useState<Record<string, string>>({});
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
          Aucun paiement ni don pour l’instant. Ceux que vous ferez en étant connecté apparaîtront ici avec leur reçu.
        </p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {query.data.map((item) => {
            const key = `${item.kind}-${item.id}`;
            return (
              <li key={key} data-testid={`own-money-${key}`} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">
                    {item.label} — {formatFcfa(item.amount)}
                  </p>
                  <p className="text-sm text-slate-700">
                    {formatDate(item.created_at)} · {STATUS_LABELS[item.transaction_status] ?? item.transaction_status}
                  </p>
                  {settled[key] ? (
                    <p role="status" className="text-sm font-semibold text-slate-900">
                      {settled[key]}
                    </p>
                  ) : null}
                </div>
                {item.transaction_status === 'pending' ? (
                  <CheckPending item={item} onSettled={(said) => setSettled((all) => ({ ...all, [key]: said }))} />
                ) : null}
                {item.receipt_url ? <ReceiptLink href={item.receipt_url} number={item.receipt_number} /> : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
