import type { DB } from '../../../platform/database/database';
import { indexedPhrase, indexedSearch, type SearchedTable } from '../../../platform/database/text-search';

// The money lists' search box (platform/database/text-search.ts).

const searchedTable = (table: 'donations' | 'payments', columns: readonly string[]): SearchedTable => ({
  table,
  phone: 'phone',
  columns,
  // Both unique-indexed (migration 20261121_0001): a whole receipt number or telephone is looked up exactly.
  identifiers: ['receipt_number', 'transaction_id'],
});

const SEARCHED = {
  donations: searchedTable('donations', ['name', 'email', 'phone', 'transaction_id', 'receipt_number', 'reference', 'purpose']),
  payments: searchedTable('payments', ['name', 'email', 'phone', 'transaction_id', 'receipt_number', 'reference']),
};

/** `searched`: the columns compared one by one for a term too short for the trigram index (SQLite). */
export function moneySearch(db: DB, table: 'donations' | 'payments', term: string, searched: readonly string[]) {
  return indexedSearch(db, { ...SEARCHED[table], columns: searched }, term);
}

/** The phrase when the trigram index alone answers this search of a money list (text-search.ts indexedPhrase). */
export const moneySearchPhrase = (db: DB, table: 'donations' | 'payments', term: string) => indexedPhrase(db, SEARCHED[table], term);
