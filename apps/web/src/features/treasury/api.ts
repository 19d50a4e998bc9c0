import type {
  Expense,
  JournalLine,
  Statement,
  StatementSummary,
  TransferView,
  TreasuryAccount,
  TreasuryReport,
} from '@shared/schemas/treasury';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiPage } from '@web/lib/api-client';

// The treasury's requests (administrators). Every change refreshes the whole area: balances, journal and lists
// all move together.

export const TREASURY_KEY = ['admin', 'treasury'] as const;

export const useAccounts = () =>
  useQuery({ queryKey: [...TREASURY_KEY, 'accounts'], queryFn: () => api.get<TreasuryAccount[]>('/admin/treasury/accounts') });

export const useTreasurySettings = () =>
  useQuery({
    queryKey: [...TREASURY_KEY, 'settings'],
    queryFn: () => api.get<{ fedapay_account: number | null; expense_approval_threshold: number }>('/admin/treasury/settings'),
  });

export function useRefreshTreasury() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: TREASURY_KEY });
    void client.invalidateQueries({ queryKey: ['admin', 'waiting'] });
  };
}

export interface JournalFilters {
  account?: string;
  from?: string;
  to?: string;
}

const clean = (query: Record<string, string | number | undefined>) =>
  Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string>;

export const useJournal = (filters: JournalFilters, page: number) =>
  useQuery({
    queryKey: [...TREASURY_KEY, 'journal', filters, page],
    queryFn: () => apiPage<JournalLine>('/admin/treasury/journal', clean({ ...filters, page, per_page: 50 })),
  });

export interface ExpenseFilters {
  status?: string;
  cancel_proposed?: 'oui';
  q?: string;
}

export const useExpenses = (filters: ExpenseFilters, page: number) =>
  useQuery({
    queryKey: [...TREASURY_KEY, 'expenses', filters, page],
    queryFn: () => apiPage<Expense>('/admin/expenses', clean({ ...filters, page, per_page: 20 })),
  });

export const useReport = (year: number) =>
  useQuery({
    queryKey: [...TREASURY_KEY, 'report', year],
    queryFn: () => api.get<TreasuryReport>('/admin/treasury/report', { query: { year } }),
  });

export const useStatement = (id: number | null) =>
  useQuery({
    queryKey: [...TREASURY_KEY, 'statement', id],
    queryFn: () => api.get<Statement>(`/admin/treasury/statements/${id}`),
    enabled: id !== null,
  });

/** Past reconciliations, newest first (kept on the server: leaving the tab loses nothing). */
export const useStatements = () =>
  useQuery({ queryKey: [...TREASURY_KEY, 'statements'], queryFn: () => api.get<StatementSummary[]>('/admin/treasury/statements') });

export const useTransfers = () =>
  useQuery({ queryKey: [...TREASURY_KEY, 'transfers'], queryFn: () => api.get<TransferView[]>('/admin/treasury/transfers') });

export const csvQuery = clean;
