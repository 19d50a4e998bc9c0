import { type SelectQueryBuilder, sql } from 'kysely';
import { type DB, nowIso } from '../../db/database';
import { notFound } from '../../lib/http-errors';
import { likePattern, type PageQuery, newestFirstPage } from '../../lib/pagination';
import { type AuditActor, recordAudit } from '../audit/record-audit';
import { receiptUrl } from './receipt-numbers';
import { DEFAULT_MEMBERSHIP_MONTHS, paymentChanged } from '../membership/memberships';
import { type MoneyKind, type MoneyRow, TABLE_OF } from '../../db/repositories/money-records';

// Administrator lists (Liste des Paiements, Liste Dons): newest first, paginated, soft-deleted rows hidden.

// Case-insensitive on both engines (PostgreSQL's LIKE is case-sensitive).
const matches = (column: string, pattern: string) => sql<boolean>`lower(${sql.ref(column)}) like lower(${pattern}) escape '\\'`;

export interface ListQuery extends PageQuery {
  status?: string;
  /** true: only the cancelled (soft-deleted) records, which the lists otherwise hide. */
  cancelled?: boolean;
}

const ORIGIN_COLUMNS = ['source', 'method', 'reference', 'deleted_at', 'deleted_reason'] as const;

/**
 * The number of listed (not soft-deleted) rows, in total or for one status, kept by database triggers in
 * `row_counts` (migration 20261122_0200): a COUNT(*) over 100 000 rows was most of each list request.
 * A search (`q`) still counts its matches.
 */
async function listedCount(db: DB, table: 'donations' | 'payments', status: string | undefined): Promise<number> {
  const key = status ? `${table}:status:${status}` : table;
  const { rows } = await sql<{ n: number | string }>`select n from row_counts where key = ${key}`.execute(db);
  return rows.length > 0 ? Number(rows[0]!.n) : 0;
}

const total = (db: DB, table: 'donations' | 'payments', query: ListQuery, count: () => Promise<{ total?: unknown }>) =>
  query.q || query.cancelled ? count().then((r) => Number(r.total)) : listedCount(db, table, query.status);

/** `{ [key]: value }`, typed. */
const field = <K extends string, V>(key: K, value: V) => ({ [key]: value }) as unknown as Record<K, V>;

type Filter = Pick<ListQuery, 'status' | 'q' | 'cancelled'>;

/** The rows a list shows for these filters; a search looks in the `searched` columns. */
const listFilter =
  (query: Filter, searched: readonly string[]) =>
  // Both money tables (payments, donations) have these columns.
  <QB extends SelectQueryBuilder<any, any, any>>(qb: QB): QB => {
    let base = qb.where('deleted_at', query.cancelled ? 'is not' : 'is', null);
    if (query.status) base = base.where('transaction_status', '=', query.status);
    if (query.q) {
      const pattern = likePattern(query.q);
      base = base.where((eb) => eb.or(searched.map((c) => matches(c, pattern))));
    }
    return base as QB;
  };

/** The payments the list shows for these filters (its CSV export reads the same query). */
export function filteredPayments(db: DB, query: Filter) {
  return db.selectFrom('payments').$call(listFilter(query, ['name', 'email', 'phone', 'transaction_id', 'receipt_number']));
}

/** The donations the list shows for these filters (its CSV export reads the same query). */
export function filteredDonations(db: DB, query: Filter) {
  return db.selectFrom('donations').$call(listFilter(query, ['purpose', 'name', 'email', 'phone', 'transaction_id', 'receipt_number']));
}

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
  ...ORIGIN_COLUMNS,
] as const;
type ListedRow = Pick<MoneyRow, (typeof LISTED_COLUMNS)[number]>;

/**
 * One page of a list, newest first, with the total for its filters: `base` is the list's filtered query (see
 * above), `own` the column only this list shows; `receiptSecret` signs each row's receipt link.
 */
async function listPage<Own extends 'payment_type' | 'purpose'>(
  db: DB,
  receiptSecret: string,
  kind: MoneyKind,
  query: ListQuery,
  base: SelectQueryBuilder<any, any, any>,
  own: Own,
) {
  const [count, rows] = await Promise.all([
    total(db, TABLE_OF[kind], query, () => base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()),
    base
      .select([...LISTED_COLUMNS, own])
      .$call(newestFirstPage(query))
      .execute() as Promise<Array<ListedRow & Record<Own, string>>>,
  ]);
  return {
    total: count,
    items: rows.map((r) => ({
      id: r.id,
      amount: r.amount,
      ...field(own, r[own]),
      name: r.name,
      email: r.email,
      phone: r.phone,
      transaction_status: r.transaction_status,
      transaction_id: r.transaction_id,
      receipt_number: r.receipt_number,
      receipt_url: receiptUrl(receiptSecret, kind, r),
      created_at: r.created_at,
      ...origin(r),
    })),
  };
}

/** `receiptSecret` signs each row's receipt link. */
export const listPayments = (db: DB, receiptSecret: string, query: ListQuery) =>
  listPage(db, receiptSecret, 'payment', query, filteredPayments(db, query), 'payment_type');

/** `receiptSecret` signs each row's receipt link. */
export const listDonations = (db: DB, receiptSecret: string, query: ListQuery) =>
  listPage(db, receiptSecret, 'donation', query, filteredDonations(db, query), 'purpose');

const origin = (r: {
  source: string;
  method: string | null;
  reference: string | null;
  deleted_at: string | null;
  deleted_reason: string | null;
}) => ({
  source: r.source === 'offline' ? ('offline' as const) : ('online' as const),
  method: r.method,
  reference: r.reference,
  deleted_at: r.deleted_at,
  deleted_reason: r.deleted_reason,
});

/**
 * Cancels a record: hidden from the lists and totals, but the row stays (money records are never lost),
 * with the reason, and the trail entry is written in the same transaction.
 */
export async function softDelete(
  db: DB,
  kind: MoneyKind,
  id: number,
  actor: AuditActor,
  reason: string | null = null,
  membershipMonths = DEFAULT_MEMBERSHIP_MONTHS,
): Promise<void> {
  const table = (kind === 'payment' ? 'payments' : 'donations') as 'payments';
  await db.transaction().execute(async (trx) => {
    const now = nowIso();
    const row = await trx.selectFrom(table).selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    if (!row) throw notFound(kind === 'payment' ? 'Paiement introuvable.' : 'Don introuvable.');
    const patch = { deleted_at: now, deleted_by: actor.id, deleted_reason: reason, updated_at: now };
    await trx.updateTable(table).set(patch).where('id', '=', id).execute();
    await recordAudit(trx, {
      actorId: actor.id,
      ip: actor.ip,
      action: `${kind}.delete`,
      entity: kind,
      entityId: id,
      before: row,
      after: { ...row, ...patch },
      details: reason ? { reason } : null,
    });
    // A cancelled membership payment no longer counts for its account's period.
    if (kind === 'payment') await paymentChanged(trx, row, membershipMonths);
  });
}
