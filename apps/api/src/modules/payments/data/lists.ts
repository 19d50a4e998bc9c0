import { countMatches, pageOfPhrase } from '../../../platform/database/bounded-search';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { DB } from '../../../platform/database/database';
import { type ListTotal, newestFirstSeek, type SeekPageQuery } from '../../../platform/lib/pagination';
import { moneySearchPhrase, moneySearch } from './search';
import { type MoneyKind, type MoneyRow, TABLE_OF } from './records';

// The administrators' money lists (Liste des Paiements, Liste Dons) and the member space's own records.

export interface ListQuery extends SeekPageQuery {
  status?: string;
  /** true: only the cancelled (soft-deleted) records, which the lists otherwise hide. */
  cancelled?: boolean;
}

export type ListFilter = Pick<ListQuery, 'status' | 'q' | 'cancelled'>;

/**
 * The number of listed (not soft-deleted) rows, in total or for one status, kept by database triggers in
 * `row_counts` (migration 20261122_0200): a COUNT(*) over 100 000 rows was most of each list request.
 * A search (`q`) counts its matches, at most SEARCH_COUNT_CAP + 1 (platform/lib/pagination.ts, countMatches).
 */
async function listedCount(db: DB, table: 'donations' | 'payments', status: string | undefined): Promise<number> {
  const key = status ? `${table}:status:${status}` : table;
  const { rows } = await sql<{ n: number | string }>`select n from row_counts where key = ${key}`.execute(db);
  return rows.length > 0 ? Number(rows[0]!.n) : 0;
}

/** The rows a list shows for these filters; a search looks in the `searched` columns. */
const listFilter =
  (db: DB, table: 'donations' | 'payments', query: ListFilter, searched: readonly string[]) =>
  // Both money tables (payments, donations) have these columns.
  <QB extends SelectQueryBuilder<any, any, any>>(qb: QB): QB => {
    let base = qb.where('deleted_at', query.cancelled ? 'is not' : 'is', null);
    if (query.status) base = base.where('transaction_status', '=', query.status);
    if (query.q) base = base.where(moneySearch(db, table, query.q, searched));
    return base as QB;
  };

/** The payments the list shows for these filters (its CSV export reads the same query). */
export function filteredPayments(db: DB, query: ListFilter) {
  return db
    .selectFrom('payments')
    .$call(listFilter(db, 'payments', query, ['name', 'email', 'phone', 'transaction_id', 'receipt_number', 'reference']));
}

/** The donations the list shows for these filters (its CSV export reads the same query). */
export function filteredDonations(db: DB, query: ListFilter) {
  return db
    .selectFrom('donations')
    .$call(listFilter(db, 'donations', query, ['purpose', 'name', 'email', 'phone', 'transaction_id', 'receipt_number', 'reference']));
}

const ORIGIN_COLUMNS = ['source', 'method', 'reference', 'deleted_at', 'deleted_reason', 'channel'] as const;

/** The columns both lists show (only those: materialising whole rows was a third of the page query). */
const LISTED_COLUMNS = [
  'id',
  'amount',
  'name',
  'email',
  'phone',
  'transaction_status',
  'transaction_id',
  'receipt_number',
  'created_at',
  // The day the money was received (a cash gift's date as entered), which the lists show (issue 40).
  'paid_at',
  ...ORIGIN_COLUMNS,
] as const;
export type ListedRow = Pick<MoneyRow, (typeof LISTED_COLUMNS)[number]>;

/**
 * One page of a list, newest first (by seek: platform/lib/pagination.ts), with the total for its filters and the
 * cursor of the next page; `own` is the column only this list shows.
 */
export async function pageOfMoney<Own extends 'payment_type' | 'purpose'>(db: DB, kind: MoneyKind, query: ListQuery, own: Own) {
  const base: SelectQueryBuilder<any, any, any> = kind === 'payment' ? filteredPayments(db, query) : filteredDonations(db, query);
  const table = TABLE_OF[kind] as 'donations' | 'payments';
  const columns = [...LISTED_COLUMNS, own] as const;
  // A search the trigram index answers alone: its count stops at the cap, and a common word reads its newest matches.
  const phrase = query.q ? moneySearchPhrase(db, table, query.q) : null;
  if (phrase) {
    const { total, rows, next } = await pageOfPhrase(
      db,
      phrase,
      listFilter(db, table, { ...query, q: undefined }, []),
      (qb) => qb.select(columns as never),
      base.select(columns as never),
      query,
    );
    return { total: total as ListTotal, rows: rows as Array<ListedRow & Record<Own, string>>, next };
  }
  const total: ListTotal = query.q || query.cancelled ? await countMatches(db, base) : await listedCount(db, table, query.status);
  const { rows, next } = await newestFirstSeek(base.select(columns as never), query, total);
  return { total, rows: rows as Array<ListedRow & Record<Own, string>>, next };
}

/** A record the lists still show (not cancelled). */
export function findListedRecord(trx: DB, kind: MoneyKind, id: number): Promise<MoneyRow | undefined> {
  const table = TABLE_OF[kind] as 'payments';
  return trx.selectFrom(table).selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

/** How many of one's own records the member space shows (a member pays a few times a year). */
const OWN_LIMIT = 50;

/** The member's own live payments and donations, each table newest first, at most OWN_LIMIT of each. */
export async function ownRecords(db: DB, userId: number) {
  const columns = ['id', 'amount', 'transaction_status', 'receipt_number', 'created_at'] as const;
  // Any money table: the member's own live records, newest first.
  const ownNewest = <QB extends SelectQueryBuilder<any, any, any>>(qb: QB): QB =>
    qb.where('user_id', '=', userId).where('deleted_at', 'is', null).orderBy('id', 'desc').limit(OWN_LIMIT) as QB;
  const [payments, donations] = await Promise.all([
    db
      .selectFrom('payments')
      .select([...columns, 'payment_type'])
      .$call(ownNewest)
      .execute(),
    db
      .selectFrom('donations')
      .select([...columns, 'purpose'])
      .$call(ownNewest)
      .execute(),
  ]);
  return { payments, donations, limit: OWN_LIMIT };
}
