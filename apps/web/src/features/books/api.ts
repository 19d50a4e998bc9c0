import type { BookAccount, BookEntry, BookStatements, Reopening, TrialBalanceLine } from '@shared/schemas/books';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

// The books' requests (administrators, contract « Books »). Every change refreshes the whole area.

export const BOOKS_KEY = ['admin', 'books'] as const;

export interface LedgerAccount {
  account: string;
  label: string;
  lines: { entry: number; number: string; date: string; journal: string; label: string; debit: number; credit: number; balance: number }[];
  debit: number;
  credit: number;
  balance: number;
}
export interface BudgetExecution {
  year: number;
  lines: { account: string; label: string; cause: string | null; budget: number; actual: number; difference: number }[];
  total_budget: number;
  total_actual: number;
  charges: BudgetTotal;
  products: BudgetTotal;
}
export interface BudgetTotal {
  budget: number;
  actual: number;
  /** actual − budget */
  difference: number;
}
export interface YearStatus {
  year: number;
  closed: boolean;
  result: number | null;
  closed_at: string | null;
}

const q = <T>(key: unknown[], path: string, query?: Record<string, string | number>) =>
  useQuery({ queryKey: [...BOOKS_KEY, ...key], queryFn: () => api.get<T>(path, query ? { query } : {}) });

export const useChart = () => q<BookAccount[]>(['chart'], '/admin/books/accounts');
export const useEntries = (year: number) => q<BookEntry[]>(['entries', year], '/admin/books/entries', { year, per_page: 100 });
export const useLedger = (year: number, account: string) =>
  useQuery({
    queryKey: [...BOOKS_KEY, 'ledger', year, account],
    queryFn: () => api.get<LedgerAccount[]>('/admin/books/ledger', { query: { year, account } }),
    enabled: account !== '',
  });
export const useTrialBalance = (year: number) => q<TrialBalanceLine[]>(['trial', year], '/admin/books/trial-balance', { year });
export const useStatements = (year: number, system: 'normal' | 'minimal') =>
  q<BookStatements>(['statements', year, system], '/admin/books/statements', { year, system });
export const useBudgetExecution = (year: number) => q<BudgetExecution>(['budget', year], `/admin/books/budgets/${year}/execution`);
export const useYearStatus = (year: number) => q<YearStatus>(['year', year], `/admin/books/years/${year}`);
export const useReopenings = () => q<Reopening[]>(['reopenings'], '/admin/books/reopenings');
export const useVerify = () =>
  q<{ ok: boolean; entries: number; first_broken: number | null; totals_ok: boolean; head_ok: boolean }>(['verify'], '/admin/books/verify');

export function useRefreshBooks() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: BOOKS_KEY });
}
