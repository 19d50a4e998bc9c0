import { accountClass } from '@shared/books/chart';
import type { BookStatements, TrialBalanceLine } from '@shared/schemas/books';
import { type Exec, ledgerLines, totalsOfYear, totalsUpTo, treasuryAdjustments, treasuryBalanceAt } from './data';
import { accountLabels } from './service';

// The books' figures: trial balance, ledger and the SYCEBNL statements, all from the totals kept per year, account
// and cause (a few hundred rows), never from the lines — except the ledger of one account, which lists them.

/** The label of an account, or of its nearest parent in the chart. */
export function labelOf(labels: Map<string, string>, account: string): string {
  for (let n = account.length; n > 0; n -= 1) {
    const label = labels.get(account.slice(0, n));
    if (label) return label;
  }
  return account;
}

export async function trialBalance(db: Exec, year: number): Promise<TrialBalanceLine[]> {
  const [rows, labels] = await Promise.all([totalsOfYear(db, year), accountLabels(db)]);
  const byAccount = new Map<string, { debit: number; credit: number }>();
  for (const r of rows) {
    const t = byAccount.get(r.account) ?? { debit: 0, credit: 0 };
    t.debit += Number(r.debit);
    t.credit += Number(r.credit);
    byAccount.set(r.account, t);
  }
  return [...byAccount.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([account, t]) => ({ account, label: labelOf(labels, account), debit: t.debit, credit: t.credit, balance: t.debit - t.credit }));
}

export interface LedgerAccount {
  account: string;
  label: string;
  lines: {
    entry: number;
    number: string;
    date: string;
    journal: string;
    label: string;
    debit: number;
    credit: number;
    balance: number;
    cause: string | null;
  }[];
  debit: number;
  credit: number;
  balance: number;
}

/** The ledger of an account (and its sub-accounts), or of every account, each with its running balance. */
export async function ledger(db: Exec, year: number, account?: string): Promise<LedgerAccount[]> {
  const [rows, labels] = await Promise.all([ledgerLines(db, year, account ?? ''), accountLabels(db)]);
  const byAccount = new Map<string, LedgerAccount>();
  for (const r of rows) {
    let acc = byAccount.get(r.account);
    if (!acc) {
      acc = { account: r.account, label: labelOf(labels, r.account), lines: [], debit: 0, credit: 0, balance: 0 };
      byAccount.set(r.account, acc);
    }
    const debit = Number(r.debit);
    const credit = Number(r.credit);
    acc.debit += debit;
    acc.credit += credit;
    acc.balance += debit - credit;
    acc.lines.push({
      entry: r.entry,
      number: r.number,
      date: r.day,
      journal: r.journal,
      label: r.label,
      debit,
      credit,
      balance: acc.balance,
      cause: r.cause,
    });
  }
  return [...byAccount.values()].sort((a, b) => (a.account < b.account ? -1 : a.account > b.account ? 1 : 0));
}

const isTreasury = (account: string) => /^(52|55|57)/.test(account);

/**
 * The SYCEBNL statements of a year. Balance-sheet accounts (classes 1–5) are summed over every year up to this one
 * without the carried opening entries (which restate those sums), and earlier years' results appear as « report à
 * nouveau », so the figures hold whether or not earlier years were closed. The checks: assets = liabilities
 * (result included), the balance sheet's result = the income statement's, closing cash = the treasury accounts.
 */
export async function statements(db: Exec, year: number, system: 'normal' | 'minimal'): Promise<BookStatements> {
  const [rows, labels, treasury, adjust] = await Promise.all([
    totalsUpTo(db, year),
    accountLabels(db),
    treasuryBalanceAt(db, `${year}-12-31`),
    system === 'normal' ? treasuryAdjustments(db, year) : null,
  ]);
  const key = (account: string) => (system === 'minimal' ? account.slice(0, 2) : account);
  const balances = new Map<string, number>();
  const income = new Map<string, number>();
  let prior = 0;
  let openingCash = 0;
  let closingCash = 0;
  let receipts = 0;
  let payments = 0;
  let transfersIn = 0;
  let transfersOut = 0;
  for (const r of rows) {
    const net = Number(r.debit) - Number(r.credit);
    const cls = accountClass(r.account);
    if (cls >= 1 && cls <= 5) balances.set(key(r.account), (balances.get(key(r.account)) ?? 0) + net);
    if (cls >= 6 && cls <= 8) {
      if (r.year < year) prior -= net;
      else income.set(key(r.account), (income.get(key(r.account)) ?? 0) + net);
    }
    if (isTreasury(r.account)) {
      closingCash += net;
      if (r.year < year) openingCash += net;
      else {
        receipts += Number(r.debit);
        payments += Number(r.credit);
      }
    }
    if (r.account.startsWith('58') && r.year === year) {
      transfersOut += Number(r.debit);
      transfersIn += Number(r.credit);
    }
  }
  const line = (account: string, amount: number) => ({ account, label: labelOf(labels, account), amount });
  const assets: BookStatements['balance_sheet']['assets'] = [];
  const liabilities: BookStatements['balance_sheet']['liabilities'] = [];
  for (const [account, net] of [...balances.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (net === 0) continue;
    const cls = accountClass(account);
    if (cls === 1) liabilities.push(line(account, -net));
    else if (cls === 2 || cls === 3 || net > 0) assets.push(line(account, net));
    else liabilities.push(line(account, -net));
  }
  if (prior !== 0) liabilities.push({ account: '12', label: 'Report à nouveau — résultats des exercices antérieurs', amount: prior });
  const lines: BookStatements['income_statement']['lines'] = [];
  let charges = 0;
  let products = 0;
  for (const [account, net] of [...income.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (net === 0) continue;
    const isCharge = accountClass(account) === 6 || (accountClass(account) === 8 && net > 0);
    if (isCharge) charges += net;
    else products -= net;
    lines.push({ ...line(account, isCharge ? net : -net), kind: isCharge ? 'charge' : 'produit' });
  }
  const result = products - charges;
  const totalAssets = assets.reduce((s, l) => s + l.amount, 0);
  const otherLiabilities = liabilities.reduce((s, l) => s + l.amount, 0);
  const balanceSheetResult = totalAssets - otherLiabilities;
  liabilities.push({
    account: '13',
    label: result >= 0 ? 'Résultat net de l’exercice — excédent' : 'Résultat net de l’exercice — déficit',
    amount: result,
  });
  const totalLiabilities = otherLiabilities + result;
  return {
    year,
    system,
    balance_sheet: { assets, liabilities, total_assets: totalAssets, total_liabilities: totalLiabilities, result: balanceSheetResult },
    income_statement: { lines, total_charges: charges, total_products: products, result },
    ...(adjust
      ? {
          // Opening balances posted this year are the cash the year starts with, not receipts; a reversal lowers
          // the flow it cancels (a cancelled gift its receipts, a cancelled expense its payments). So
          // opening + receipts − payments = closing (docs/books.md).
          cash_flow: {
            opening_cash: openingCash + adjust.opening.debit - adjust.opening.credit,
            receipts: receipts - transfersIn - adjust.opening.debit - adjust.reversal.debit - adjust.reversal.credit,
            payments: payments - transfersOut - adjust.opening.credit - adjust.reversal.credit - adjust.reversal.debit,
            closing_cash: closingCash,
            treasury_balances: treasury,
          },
        }
      : {}),
    checks: {
      balanced: totalAssets === totalLiabilities,
      results_agree: balanceSheetResult === result,
      cash_agrees: closingCash === treasury,
    },
  };
}
