import { TextField } from '@web/components/ui/field';
import { TabNav } from '@web/components/ui/tab-nav';
import { useUrlTab } from '@web/lib/use-url-tab';
import { BudgetPanel } from './budget-panel';
import { ChartPanel, JournalPanel, LedgerPanel, TrialBalancePanel } from './books-tables';
import { EntryForm } from './entry-form';
import { thisYear } from './panel';
import { CashGap, ClosingPanel, StatementsPanel } from './statements-panel';

// « Comptabilité » (contract « Books »): the SYCEBNL chart, journal, ledger, trial balance, budget and its execution,
// statements, year closing and a manual entry. The tab and the year are in the address (`onglet`, `annee`), so a
// reload, a bookmark or the back button opens the same screen. Tabs wrap on a 360 px phone.

const TABS = [
  { key: 'balance', label: 'Balance' },
  { key: 'journal', label: 'Journal' },
  { key: 'grand-livre', label: 'Grand livre' },
  { key: 'etats', label: 'États financiers' },
  { key: 'budget', label: 'Budget' },
  { key: 'saisie', label: 'Saisir une écriture' },
  { key: 'plan', label: 'Plan comptable' },
  { key: 'cloture', label: 'Clôture' },
] as const;

export function BooksView() {
  const { tab, params, set: go, select } = useUrlTab(TABS, 'balance');
  const yearParam = Number(params.get('annee'));
  const year = Number.isInteger(yearParam) && yearParam >= 2000 && yearParam <= 2100 ? yearParam : thisYear();
  return (
    <section aria-labelledby="books-title" className="min-w-0 space-y-4">
      <h2 id="books-title" className="text-2xl font-bold text-emerald-950">
        Comptabilité
      </h2>
      <div className="max-w-40">
        <TextField
          label="Exercice"
          type="number"
          inputMode="numeric"
          min={2000}
          max={2100}
          value={year}
          onChange={(e) => e.target.value.length === 4 && go({ annee: e.target.value })}
        />
      </div>
      <CashGap year={year} />
      <TabNav label="Rubriques de la comptabilité" tabs={TABS} current={tab} onSelect={select} />
      {tab === 'balance' && <TrialBalancePanel year={year} />}
      {tab === 'journal' && <JournalPanel year={year} />}
      {tab === 'grand-livre' && <LedgerPanel year={year} />}
      {tab === 'etats' && <StatementsPanel year={year} />}
      {tab === 'budget' && <BudgetPanel year={year} />}
      {tab === 'saisie' && <EntryForm />}
      {tab === 'plan' && <ChartPanel />}
      {tab === 'cloture' && <ClosingPanel year={year} />}
    </section>
  );
}
