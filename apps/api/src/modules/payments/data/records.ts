import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import { type DB, isPostgres } from '../../../platform/database/database';
import type { Database, DonationsTable, PaymentsTable } from '../../../platform/database/schema';

// Payments and donations share their money columns; these helpers run the same queries on either table.

export type MoneyKind = 'payment' | 'donation';
export const MONEY_KINDS = ['payment', 'donation'] as const;
export const TABLE_OF = { payment: 'payments', donation: 'donations' } as const;

export type PaymentRow = Selectable<PaymentsTable>;
export type DonationRow = Selectable<DonationsTable>;
export type MoneyRow = PaymentRow | DonationRow;
export type Executor = DB | Kysely<Database> | Transaction<Database>;

// Both tables have the same shape for every column used here; the cast keeps Kysely's types simple.
const table = (kind: MoneyKind) => TABLE_OF[kind] as 'payments';

export async function findRecord(db: Executor, kind: MoneyKind, id: number): Promise<MoneyRow | undefined> {
  return db.selectFrom(table(kind)).selectAll().where('id', '=', id).executeTakeFirst();
}

/** One of the account's own live records (the member space's check of a pending payment). */
export function findOwnRecord(db: Executor, kind: MoneyKind, id: number, userId: number): Promise<MoneyRow | undefined> {
  return db
    .selectFrom(table(kind))
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function findByTransactionId(db: Executor, transactionId: string): Promise<{ kind: MoneyKind; row: MoneyRow } | undefined> {
  for (const kind of MONEY_KINDS) {
    const row = await db.selectFrom(table(kind)).selectAll().where('transaction_id', '=', transactionId).executeTakeFirst();
    if (row) return { kind, row };
  }
  return undefined;
}

export async function updateRecord(
  db: Executor,
  kind: MoneyKind,
  id: number,
  patch: Partial<PaymentRow>,
  whereStatus?: string,
): Promise<boolean> {
  let q = db.updateTable(table(kind)).set(patch).where('id', '=', id);
  if (whereStatus !== undefined) q = q.where('transaction_status', '=', whereStatus);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Inserts a new payment waiting for its checkout; its id. */
export async function insertPayment(db: DB, values: Insertable<PaymentsTable>): Promise<number> {
  const row = await db.insertInto('payments').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The checkout page of a payment still waiting for its money (not cancelled by hand), to give it again; else undefined. */
export async function pendingCheckoutUrl(db: Executor, id: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('payments')
    .select('checkout_url')
    .where('id', '=', id)
    .where('transaction_status', '=', 'pending')
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.checkout_url ?? undefined;
}

/** Inserts a new donation waiting for its checkout; its id. */
export async function insertDonation(db: DB, values: Insertable<DonationsTable>): Promise<number> {
  const row = await db.insertInto('donations').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The record a provider's return reference points at (by its hash). */
export function findByReturnRef(db: DB, kind: MoneyKind, refHash: string): Promise<MoneyRow | undefined> {
  return db.selectFrom(table(kind)).selectAll().where('return_ref_hash', '=', refHash).executeTakeFirst();
}

export async function webhookEventSeen(db: DB, eventKey: string): Promise<boolean> {
  const row = await db.selectFrom('payment_events').select('id').where('event_key', '=', eventKey).executeTakeFirst();
  return row !== undefined;
}

/** Records a webhook event once; false when its key was already recorded (a concurrent duplicate). */
export async function insertWebhookEvent(
  trx: DB,
  values: { event_key: string; transaction_id: string; status: string; received_at: string },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('payment_events')
    .values(values)
    .onConflict((oc) => oc.column('event_key').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Claims up to `limit` pending records of `kind` to re-check with the provider: created after `createdAfter`, not
 * checked since `checkedBefore`, stamped checked_at = `now` in one UPDATE (rows another process is claiming are
 * skipped on PostgreSQL, SQLite runs one writer at a time). The stamp doubles as the claim's lease.
 */
export async function claimPendingForRecheck(
  db: DB,
  kind: MoneyKind,
  bounds: { now: string; createdAfter: string; checkedBefore: string },
  limit: number,
): Promise<MoneyRow[]> {
  const t = table(kind);
  const postgres = isPostgres(db);
  const { checkedBefore } = bounds;
  return (
    db
      .updateTable(t)
      .set({ checked_at: bounds.now })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom(t)
          .select('id')
          .where('transaction_status', '=', 'pending')
          .where('transaction_id', 'is not', null)
          .where('deleted_at', 'is', null)
          .where('created_at', '>', bounds.createdAfter)
          .where((w) => w.or([w('checked_at', 'is', null), w('checked_at', '<', checkedBefore)]))
          .orderBy('created_at', 'desc')
          .limit(limit)
          .$if(postgres, (q) => q.forUpdate().skipLocked()),
      )
      // Checked again on the row as it is when locked: another process may have claimed it meanwhile.
      .where((w) => w.or([w('checked_at', 'is', null), w('checked_at', '<', checkedBefore)]))
      .returningAll()
      .execute()
  );
}
