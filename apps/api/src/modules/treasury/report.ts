import { DONATION_PURPOSE_LABELS, DONATION_PURPOSES, type DonationPurpose } from '@shared/constants';
import {
  EXPENSE_CATEGORIES,
  EXPENSE_CATEGORY_LABELS,
  type ExpenseCategory,
  INCOME_NATURE_LABELS,
  type TreasuryReport,
} from '@shared/schemas/treasury';
import { type AccountRow, balancesBefore, type Exec, lastMovementDay, listAccountRows, yearFlows } from './data';

// The year's cash-based statements (receipts by nature, expenses by category, result, each account's balance at the
// start and end of the year), checked: start + receipts − expenses + transfers in − transfers out = end, per account.
// Everything comes from the kept monthly and daily totals; the end balance of the latest year is also compared with
// the balance kept on the account itself.

const receiptLabel = (flow: string): string => {
  const [, nature, purpose] = flow.split(':');
  if (nature === 'don') return `Dons — ${DONATION_PURPOSE_LABELS[purpose as DonationPurpose] ?? purpose}`;
  return INCOME_NATURE_LABELS[nature as keyof typeof INCOME_NATURE_LABELS] ?? nature ?? flow;
};

const receiptOrder = (key: string) => {
  const [, nature, purpose] = key.split(':');
  if (nature === 'don') return DONATION_PURPOSES.indexOf(purpose as DonationPurpose);
  return 100 + ['adhesion', 'cotisation', 'autre'].indexOf(nature ?? '');
};

export async function annualReport(db: Exec, year: number): Promise<TreasuryReport> {
  const [accounts, flows, starts, ends, lastDay] = await Promise.all([
    listAccountRows(db),
    yearFlows(db, year),
    balancesBefore(db, `${year}-01-01`),
    balancesBefore(db, `${year + 1}-01-01`),
    lastMovementDay(db),
  ]);
  const receipts = new Map<string, number>();
  const expenses = new Map<string, number>();
  const perAccount = new Map<number, { receipts: number; expenses: number; transfers_in: number; transfers_out: number }>();
  for (const f of flows) {
    const amount = Number(f.amount ?? 0);
    const acc = perAccount.get(f.account_id) ?? { receipts: 0, expenses: 0, transfers_in: 0, transfers_out: 0 };
    if (f.flow.startsWith('recette:')) {
      receipts.set(f.flow, (receipts.get(f.flow) ?? 0) + amount);
      acc.receipts += amount;
    } else if (f.flow.startsWith('depense:')) {
      expenses.set(f.flow, (expenses.get(f.flow) ?? 0) - amount);
      acc.expenses -= amount;
    } else if (f.flow === 'virement_entrant') acc.transfers_in += amount;
    else if (f.flow === 'virement_sortant') acc.transfers_out -= amount;
    perAccount.set(f.account_id, acc);
  }
  // The kept balance is the end of the latest year that has movements (or of the current one).
  const isLatest = !lastDay || lastDay < `${year + 1}-01-01`;
  // An account opened after the year did not exist then: it is absent from that year's statements.
  const accountLines = accounts
    .filter((a: AccountRow) => String(a.opening_date).slice(0, 10) <= `${year}-12-31`)
    .map((a: AccountRow) => {
      const flowsOf = perAccount.get(a.id) ?? { receipts: 0, expenses: 0, transfers_in: 0, transfers_out: 0 };
      const start = starts.get(a.id) ?? Number(a.opening_balance);
      const end = ends.get(a.id) ?? Number(a.opening_balance);
      const computed = start + flowsOf.receipts - flowsOf.expenses + flowsOf.transfers_in - flowsOf.transfers_out;
      const balanced = computed === end && (!isLatest || end === Number(a.balance));
      return {
        id: a.id,
        name: a.name,
        kind: a.kind as 'caisse',
        start_balance: start,
        ...flowsOf,
        end_balance: end,
        computed_end_balance: computed,
        balanced,
      };
    });
  const receiptLines = [...receipts.entries()]
    .filter(([, v]) => v !== 0)
    .sort(([a], [b]) => receiptOrder(a) - receiptOrder(b))
    .map(([key, amount]) => ({ key: key.slice('recette:'.length), label: receiptLabel(key), amount }));
  const expenseLines = [...expenses.entries()]
    .filter(([, v]) => v !== 0)
    .map(([key, amount]) => ({ key: key.slice('depense:'.length), amount }))
    .sort((a, b) => EXPENSE_CATEGORIES.indexOf(a.key as ExpenseCategory) - EXPENSE_CATEGORIES.indexOf(b.key as ExpenseCategory))
    .map((l) => ({ ...l, label: EXPENSE_CATEGORY_LABELS[l.key as ExpenseCategory] ?? l.key }));
  const receiptsTotal = receiptLines.reduce((s, l) => s + l.amount, 0);
  const expensesTotal = expenseLines.reduce((s, l) => s + l.amount, 0);
  return {
    year,
    receipts: receiptLines,
    receipts_total: receiptsTotal,
    expenses: expenseLines,
    expenses_total: expensesTotal,
    result: receiptsTotal - expensesTotal,
    accounts: accountLines,
    balanced: accountLines.every((a) => a.balanced),
  };
}
