import type { PaymentListItem } from '@shared/schemas/payment';
import { MONEY_SOURCE_LABELS, OFFLINE_METHOD_LABELS, type OfflineMethod } from '@shared/schemas/offline-payment';
import { formatDate } from '@shared/format';
import { MONEY_CHANNEL_LABELS } from '@shared/schemas/money-origin';
import { type ReactNode, useMemo, useState } from 'react';

// How a money record came in (online or by hand, with method and reference), and the « Actifs / Annulés »
// filter of the payments and donations lists.

/** The origin columns every money list item has (the shared list item schemas). */
type Origin = Pick<PaymentListItem, 'source' | 'method' | 'reference' | 'deleted_at' | 'deleted_reason' | 'channel'>;

export function MoneyOrigin({ row }: { row: Origin }) {
  if (row.deleted_at) {
    return (
      <span className="text-red-800">
        Annulé le {formatDate(row.deleted_at)}
        {row.deleted_reason ? ` — ${row.deleted_reason}` : ''}
      </span>
    );
  }
  if (row.source !== 'offline') {
    // Asked on the telephone or by SMS (docs/giving-by-phone.md): said beside « En ligne », like a method.
    return (
      <span>
        {MONEY_SOURCE_LABELS.online}
        {row.channel ? ` — ${MONEY_CHANNEL_LABELS[row.channel]}` : ''}
      </span>
    );
  }
  const method = OFFLINE_METHOD_LABELS[row.method as OfflineMethod] ?? row.method;
  return (
    <span>
      <span className="font-medium">{MONEY_SOURCE_LABELS.offline}</span> — {method}
      {row.reference ? <span className="block text-sm text-slate-700">Réf. {row.reference}</span> : null}
    </span>
  );
}

/** The « Actifs / Annulés » tabs; `params` go to the list's fetcher and to its export. */
export function useCancelledFilter(): { isCancelled: boolean; params: Record<string, string>; toolbar: ReactNode } {
  const [isCancelled, setCancelled] = useState(false);
  const params = useMemo((): Record<string, string> => (isCancelled ? { cancelled: '1' } : {}), [isCancelled]);
  const tab = (value: boolean, label: string) => (
    <button
      type="button"
      aria-pressed={isCancelled === value}
      onClick={() => setCancelled(value)}
      className={`min-h-11 rounded-md border px-3 py-2 font-medium ${isCancelled === value ? 'border-emerald-800 bg-emerald-800 text-white' : 'border-slate-400 bg-white text-slate-900'}`}
    >
      {label}
    </button>
  );
  return {
    isCancelled,
    params,
    toolbar: (
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Afficher</legend>
        {tab(false, 'Actifs')}
        {tab(true, 'Annulés')}
      </fieldset>
    ),
  };
}
