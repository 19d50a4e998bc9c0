import { expect } from 'vitest';
import type { TestApp } from '../helpers/test-app';
import { bearer, type SeededUser } from '../helpers/users';

export interface Entry {
  id: number;
  number: string;
  date: string;
  journal: string;
  label: string;
  reference: string | null;
  validated_at: string;
  hash: string;
  reverses: number | null;
  manual?: boolean;
  reversed_by?: string | null;
  lines: { account: string; debit: number; credit: number; cause?: string }[];
}

export async function get<T>(t: TestApp, admin: SeededUser, url: string): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(admin.token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

export const entries = (t: TestApp, admin: SeededUser, query = '') => get<Entry[]>(t, admin, `/api/admin/books/entries${query}`);

export interface TrialLine {
  account: string;
  label: string;
  debit: number;
  credit: number;
  balance: number;
}
export const trialBalance = (t: TestApp, admin: SeededUser, year: number) =>
  get<TrialLine[]>(t, admin, `/api/admin/books/trial-balance?year=${year}`);

export const balanceOfAccount = (lines: TrialLine[], account: string) =>
  lines.filter((l) => l.account === account || l.account.startsWith(account)).reduce((s, l) => s + l.balance, 0);

export function expectBalanced(list: Entry[]): void {
  for (const e of list) {
    const debit = e.lines.reduce((s, l) => s + l.debit, 0);
    const credit = e.lines.reduce((s, l) => s + l.credit, 0);
    expect(debit, e.label).toBe(credit);
    expect(debit).toBeGreaterThan(0);
  }
}
