import type { WaitingCounts } from '@shared/schemas/back-office';
import { formatNumber } from '@shared/format';
import { Spinner } from '@web/components/ui/spinner';
import { ChevronRight } from 'lucide-react';
import { ADMIN_FETCH_ERRORS } from '../admin-messages';
import type { AdminView } from '../admin-views';
import { useWaitingCounts } from '../api/admin-waiting';

// The administrator's landing view (issue #18 §5): what waits for them, with counts, each opening its list.

const ITEMS: ReadonlyArray<{ key: keyof WaitingCounts; view: AdminView; one: string; many: string }> = [
  { key: 'unconfirmed_accounts', view: 'confirmer-compte', one: 'compte à confirmer', many: 'comptes à confirmer' },
  { key: 'unconfirmed_volunteers', view: 'confirmer-volontaire', one: 'volontaire à confirmer', many: 'volontaires à confirmer' },
  { key: 'pending_testimonials', view: 'temoignages', one: 'témoignage à publier', many: 'témoignages à publier' },
  { key: 'new_messages', view: 'messages', one: 'nouveau message', many: 'nouveaux messages' },
];

export function WaitingView({ onOpen }: { onOpen: (view: AdminView) => void }) {
  const counts = useWaitingCounts();
  const total = counts.data ? ITEMS.reduce((sum, item) => sum + counts.data[item.key], 0) : 0;
  return (
    <section aria-labelledby="waiting-title" className="space-y-4">
      <h2 id="waiting-title" className="text-2xl font-bold text-emerald-950">
        À traiter
      </h2>
      {counts.isError ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 font-medium text-red-800">
          {ADMIN_FETCH_ERRORS.waiting}
        </p>
      ) : !counts.data ? (
        <Spinner />
      ) : (
        <>
          {total === 0 ? <p className="rounded-md bg-white p-4 text-slate-700 shadow-sm">Rien n’attend pour le moment.</p> : null}
          <ul className="grid gap-3 sm:grid-cols-2">
            {ITEMS.map((item) => {
              const n = counts.data[item.key];
              return (
                <li key={item.key}>
                  <button
                    type="button"
                    onClick={() => onOpen(item.view)}
                    className="flex min-h-16 w-full items-center gap-4 rounded-lg bg-white p-4 text-left shadow-sm ring-1 ring-slate-200 hover:ring-emerald-700"
                  >
                    <span className={`text-3xl font-extrabold ${n > 0 ? 'text-emerald-900' : 'text-slate-500'}`}>{formatNumber(n)}</span>
                    <span className="flex-1 font-semibold text-slate-800">{n > 1 ? item.many : item.one}</span>
                    <ChevronRight aria-hidden size={20} className="text-slate-500" />
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
