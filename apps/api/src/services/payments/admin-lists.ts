import { sql } from 'kysely';
import { type DB, nowIso } from '../../db/database';
import { notFound } from '../../lib/http-errors';
import { likePattern, type PageQuery, newestFirstPage } from '../../lib/pagination';
import type { MoneyService } from './money-service';
import type { MoneyKind } from './records';

// Administrator lists (Liste des Paiements, Liste Dons): newest first, paginated, soft-deleted rows hidden.

// Case-insensitive on both engines (PostgreSQL's LIKE is case-sensitive).
const matches = (column: string, pattern: string) => sql<boolean>`lower(${sql.ref(column)}) like lower(${pattern}) escape '\\'`;

export interface ListQuery extends PageQuery {
  status?: string;
}

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

type CountQuery = { executeTakeFirstOrThrow(): Promise<{ total: number | string | bigint }> };
const total = (db: DB, table: 'donations' | 'payments', query: ListQuery, count: () => CountQuery) =>
  query.q
    ? count()
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.total))
    : listedCount(db, table, query.status);

export async function listPayments(service: MoneyService, query: ListQuery) {
  const db = service.db;
  let base = db.selectFrom('payments').where('deleted_at', 'is', null);
  if (query.status) base = base.where('transaction_status', '=', query.status);
  if (query.q) {
    const pattern = likePattern(query.q);
    base = base.where((eb) =>
      eb.or((['name', 'email', 'phone', 'transaction_id', 'receipt_number'] as const).map((c) => matches(c, pattern))),
    );
  }
  const [count, rows] = await Promise.all([
    total(db, 'payments', query, () => base.select((eb) => eb.fn.countAll<number>().as('total'))),
    base
      // Only the listed columns: materialising whole rows was a third of the page query.
      .select([
        'id',
        'amount',
        'name',
        'email',
        'phone',
        'payment_type',
        'transaction_status',
        'transaction_id',
        'receipt_number',
        'created_at',
      ])
      .$call(newestFirstPage(query))
      .execute(),
  ]);
  return {
    total: count,
    items: rows.map((r) => ({
      id: r.id,
      amount: r.amount,
      name: r.name,
      email: r.email,
      phone: r.phone,
      payment_type: r.payment_type,
      transaction_status: r.transaction_status,
      transaction_id: r.transaction_id,
      receipt_number: r.receipt_number,
      receipt_url: service.receiptUrl('payment', r),
      created_at: r.created_at,
    })),
  };
}

export async function listDonations(service: MoneyService, query: ListQuery) {
  const db = service.db;
  let base = db.selectFrom('donations').where('deleted_at', 'is', null);
  if (query.status) base = base.where('transaction_status', '=', query.status);
  if (query.q) {
    const pattern = likePattern(query.q);
    base = base.where((eb) =>
      eb.or((['purpose', 'name', 'email', 'phone', 'transaction_id', 'receipt_number'] as const).map((c) => matches(c, pattern))),
    );
  }
  const [count, rows] = await Promise.all([
    total(db, 'donations', query, () => base.select((eb) => eb.fn.countAll<number>().as('total'))),
    base
      .select(['id', 'amount', 'purpose', 'name', 'email', 'phone', 'transaction_status', 'transaction_id', 'receipt_number', 'created_at'])
      .$call(newestFirstPage(query))
      .execute(),
  ]);
  return {
    total: count,
    items: rows.map((r) => ({
      id: r.id,
      amount: r.amount,
      purpose: r.purpose,
      name: r.name,
      email: r.email,
      phone: r.phone,
      transaction_status: r.transaction_status,
      transaction_id: r.transaction_id,
      receipt_number: r.receipt_number,
      receipt_url: service.receiptUrl('donation', r),
      created_at: r.created_at,
    })),
  };
}

/** Hides a record from the lists; the row and an audit entry stay (money records are never lost). */
export async function softDelete(db: DB, kind: MoneyKind, id: number, actorId: number): Promise<void> {
  const table = (kind === 'payment' ? 'payments' : 'donations') as 'payments';
  await db.transaction().execute(async (trx) => {
    const now = nowIso();
    const row = await trx.selectFrom(table).selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    if (!row) throw notFound(kind === 'payment' ? 'Paiement introuvable.' : 'Don introuvable.');
    await trx.updateTable(table).set({ deleted_at: now, deleted_by: actorId, updated_at: now }).where('id', '=', id).execute();
    await trx
      .insertInto('audit_log')
      .values({
        actor_user_id: actorId,
        action: `${kind}.delete`,
        entity: kind,
        entity_id: String(id),
        details: JSON.stringify(row),
        created_at: now,
      })
      .execute();
  });
}
