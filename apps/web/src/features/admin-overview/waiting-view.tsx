import type { WaitingCounts } from '@shared/schemas/back-office';
import { formatNumber } from '@shared/format';
import { ORGANISATION_MESSAGES } from '@shared/schemas/organisation';
import { Spinner } from '@web/components/ui/spinner';
import { ChevronRight } from 'lucide-react';
import { fetchError } from '@web/components/admin/admin-texts';
import type { ListView } from './addresses';
import { useWaitingCounts } from './api';

// The administrator's landing view (issue #18 §5): what waits for them, with counts, each opening its list.

type CountKey = Exclude<keyof WaitingCounts, 'organisation_incomplete' | 'privacy_requests_due_soon'>;

/** What the migrations left (zones not in the list, telephone conflicts): shown only while something is left. */
const LEFTOVERS: ReadonlyArray<{ key: CountKey; view: ListView; one: string; many: string }> = [
  { key: 'unmapped_zones', view: 'donnees-a-reprendre', one: 'zone à choisir dans la liste', many: 'zones à choisir dans la liste' },
  { key: 'telephone_conflicts', view: 'donnees-a-reprendre', one: 'téléphone en conflit', many: 'téléphones en conflit' },
];

const ITEMS: ReadonlyArray<{ key: CountKey; view: ListView; one: string; many: string; at?: Record<string, string> }> = [
  {
    key: 'account_changes',
    view: 'changements-en-attente',
    one: 'changement d’administrateur à approuver',
    many: 'changements d’administrateurs à approuver',
  },
  { key: 'unconfirmed_accounts', view: 'confirmer-compte', one: 'compte à confirmer', many: 'comptes à confirmer' },
  { key: 'unconfirmed_volunteers', view: 'confirmer-volontaire', one: 'volontaire à confirmer', many: 'volontaires à confirmer' },
  { key: 'pending_testimonials', view: 'temoignages', one: 'témoignage à publier', many: 'témoignages à publier' },
  { key: 'new_messages', view: 'messages', one: 'nouveau message', many: 'nouveaux messages' },
  // The expenses' list itself, on those waiting (not the accounts, the treasury's first tab).
  {
    key: 'pending_expenses',
    view: 'tresorerie',
    one: 'dépense à approuver',
    many: 'dépenses à approuver',
    at: { onglet: 'depenses', filtre: 'en_attente' },
  },
  {
    key: 'expense_cancellations',
    view: 'tresorerie',
    one: 'annulation de dépense à confirmer',
    many: 'annulations de dépenses à confirmer',
    at: { onglet: 'depenses', filtre: 'annulation_proposee' },
  },
  { key: 'new_projects', view: 'projets', one: 'nouveau projet', many: 'nouveaux projets' },
  { key: 'privacy_requests', view: 'demandes-donnees', one: 'demande sur les données', many: 'demandes sur les données' },
];

export function WaitingView({ onOpen }: { onOpen: (view: ListView, at?: Record<string, string>) => void }) {
  const counts = useWaitingCounts();
  const items = counts.data ? [...ITEMS, ...LEFTOVERS.filter((item) => counts.data[item.key] > 0)] : ITEMS;
  const total = counts.data ? items.reduce((sum, item) => sum + counts.data[item.key], 0) : 0;
  return (
    <section aria-labelledby="waiting-title" className="space-y-4">
      <h2 id="waiting-title" className="text-2xl font-bold text-emerald-950">
        À traiter
      </h2>
      {counts.isError ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 font-medium text-red-800">
          {fetchError('de ce qui est à traiter')}
        </p>
      ) : !counts.data ? (
        <Spinner />
      ) : (
        <>
          {counts.data.organisation_incomplete ? (
            <button
              type="button"
              onClick={() => onOpen('parametres')}
              className="flex min-h-16 w-full items-center gap-4 rounded-lg bg-amber-50 p-4 text-left font-semibold text-amber-950 shadow-sm ring-1 ring-amber-300 hover:ring-amber-700"
            >
              <span className="flex-1">{ORGANISATION_MESSAGES.incomplete}</span>
              <ChevronRight aria-hidden size={20} />
            </button>
          ) : null}
          {counts.data.privacy_requests_due_soon > 0 ? (
            <button
              type="button"
              onClick={() => onOpen('demandes-donnees')}
              className="flex min-h-16 w-full items-center gap-4 rounded-lg bg-red-50 p-4 text-left font-semibold text-red-900 shadow-sm ring-1 ring-red-300 hover:ring-red-700"
            >
              <span className="flex-1">
                {counts.data.privacy_requests_due_soon > 1
                  ? `${formatNumber(counts.data.privacy_requests_due_soon)} demandes sur les données arrivent à échéance dans moins de 7 jours (ou sont en retard).`
                  : '1 demande sur les données arrive à échéance dans moins de 7 jours (ou est en retard).'}
              </span>
              <ChevronRight aria-hidden size={20} />
            </button>
          ) : null}
          {total === 0 && !counts.data.organisation_incomplete ? (
            <p className="rounded-md bg-white p-4 text-slate-700 shadow-sm">Rien n’attend pour le moment.</p>
          ) : null}
          <ul className="grid gap-3 sm:grid-cols-2">
            {items.map((item) => {
              const n = counts.data[item.key];
              return (
                <li key={item.key}>
                  <button
                    type="button"
                    onClick={() => onOpen(item.view, 'at' in item ? item.at : undefined)}
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
