import { useSearchParams } from '@web/lib/router';
import { AccountsPanel } from './accounts-panel';
import { ExpensesPanel } from './expenses-panel';
import { JournalPanel } from './journal-panel';
import { ReconciliationPanel } from './reconciliation-panel';
import { ReportPanel } from './report-panel';

// « Trésorerie »: accounts and balances, expenses (with the ones waiting for approval first), the journal,
// reconciliation of a statement and the year's statements. Tabs wrap on a 360 px phone. The tab is in the address
// (`onglet`, and the expenses' filter `filtre`): a reload, a bookmark or the back button opens the same screen.

const TABS = [
  { key: 'comptes', label: 'Comptes' },
  { key: 'depenses', label: 'Dépenses' },
  { key: 'journal', label: 'Journal' },
  { key: 'rapprochement', label: 'Rapprochement' },
  { key: 'bilan', label: 'Bilan annuel' },
] as const;
type Tab = (typeof TABS)[number]['key'];

export function TreasuryView() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('onglet');
  const tab: Tab = TABS.some((t) => t.key === raw) ? (raw as Tab) : 'comptes';
  const setTab = (next: Tab) =>
    setParams((current) => {
      const kept = new URLSearchParams({ vue: current.get('vue') ?? 'tresorerie', onglet: next });
      return kept;
    });
  return (
    <section aria-labelledby="treasury-title" className="space-y-4">
      <h2 id="treasury-title" className="text-2xl font-bold text-emerald-950">
        Trésorerie
      </h2>
      <nav aria-label="Rubriques de la trésorerie">
        <ul className="flex flex-wrap gap-2">
          {TABS.map((t) => (
            <li key={t.key}>
              <button
                type="button"
                aria-pressed={tab === t.key}
                onClick={() => setTab(t.key)}
                className={`min-h-11 rounded-md border px-3 py-2 font-medium ${tab === t.key ? 'border-emerald-800 bg-emerald-800 text-white' : 'border-slate-400 bg-white text-slate-900'}`}
              >
                {t.label}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      {tab === 'comptes' && <AccountsPanel />}
      {tab === 'depenses' && <ExpensesPanel key={params.get('filtre') ?? ''} initialStatus={params.get('filtre') ?? ''} />}
      {tab === 'journal' && <JournalPanel />}
      {tab === 'rapprochement' && <ReconciliationPanel />}
      {tab === 'bilan' && <ReportPanel />}
    </section>
  );
}
