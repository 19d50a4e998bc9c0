import type { DB } from './database';
import { indexedPhrase, indexedSearch, type SearchedTable } from './text-search';

// Accounts are searched from several areas' lists (accounts, membership): the definition lives here, below every
// module, so no area imports another's data access for it.

/** Users are searched by name, e-mail and telephone (text-search.ts). */
const USERS_SEARCHED: SearchedTable = {
  table: 'users',
  phone: 'telephone',
  columns: ['name', 'email', 'telephone'],
};

/** Accounts matching a list's search term (name, e-mail, telephone), by index; for lists joined on `users`. */
export const userSearch = (db: DB, term: string) => indexedSearch(db, USERS_SEARCHED, term);

/** The users' phrase when the trigram index alone answers the term (text-search.ts indexedPhrase), else null. */
export const userSearchPhrase = (db: DB, term: string) => indexedPhrase(db, USERS_SEARCHED, term);
