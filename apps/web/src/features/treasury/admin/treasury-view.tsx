import { TabNav } from '@web/components/ui/tab-nav';
import { useUrlTab } from '@web/lib/use-url-tab';
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

export function TreasuryView() {
  // A tab opens alone: the other tabs' parameters (the expenses' filter) are dropped.
  const { tab, params, select } = useUrlTab(TABS, 'comptes', { vue: 'tresorerie' });
  return (
    <section aria-labelledby="treasury-title" className="space-y-4">
      <h2 id="treasury-title" className="text-2xl font-bold text-emerald-950">
        Trésorerie
      </h2>
      <TabNav label="Rubriques de la trésorerie" tabs={TABS} current={tab} onSelect={select} />
      {tab === 'comptes' && <AccountsPanel />}
      {tab === 'depenses' && <ExpensesPanel key={params.get('filtre') ?? ''} initialStatus={params.get('filtre') ?? ''} />}
      {tab === 'journal' && <JournalPanel />}
      {tab === 'rapprochement' && <ReconciliationPanel />}
      {tab === 'bilan' && <ReportPanel />}
    </section>
  );
}
