import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../database';
import type { Database, DonationsTable, PaymentsTable } from '../schema';
import type { Selectable } from 'kysely';

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
