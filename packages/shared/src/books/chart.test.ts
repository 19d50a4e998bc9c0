import { describe, expect, it } from 'vitest';
import { EXPENSE_CATEGORIES } from '../schemas/treasury';
import { accountClass, BOOK_ACCOUNTS, CHART_CLASSES, EXPENSE_CATEGORY_ACCOUNTS, SYCEBNL_CHART } from './chart';

describe('the SYCEBNL chart', () => {
  const numbers = new Set(SYCEBNL_CHART.map((a) => a.number));

  it('lists each number once, classes 1–9, each account under its class', () => {
    expect(numbers.size).toBe(SYCEBNL_CHART.length);
    expect(Object.keys(CHART_CLASSES).map(Number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (const a of SYCEBNL_CHART) {
      expect(a.number, a.label).toMatch(/^\d{1,4}$/);
      if (a.number.length > 1) expect(numbers.has(a.number.slice(0, -1)), `${a.number} has its parent`).toBe(true);
    }
  });

  it('holds every account the postings use, in the right class', () => {
    for (const n of Object.values(BOOK_ACCOUNTS)) expect(numbers.has(n), n).toBe(true);
    for (const c of EXPENSE_CATEGORIES) {
      const n = EXPENSE_CATEGORY_ACCOUNTS[c];
      expect(n && numbers.has(n), c).toBe(true);
      expect(accountClass(n!)).toBe(6);
    }
    expect(accountClass(BOOK_ACCOUNTS.giftsRestricted)).toBe(7);
    expect(accountClass(BOOK_ACCOUNTS.fees)).toBe(7);
    expect(BOOK_ACCOUNTS.banks.startsWith('52')).toBe(true);
    expect(BOOK_ACCOUNTS.mobileMoney.startsWith('55')).toBe(true);
    expect(BOOK_ACCOUNTS.cash.startsWith('57')).toBe(true);
    expect(BOOK_ACCOUNTS.transfers.startsWith('58')).toBe(true);
  });
});
