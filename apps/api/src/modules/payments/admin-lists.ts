import { MONEY_CHANNELS, type MoneyChannel } from '@shared/schemas/money-origin';
import { type DB, nowIso } from '../../platform/database/database';
import { notFound } from '../../platform/lib/http-errors';
import { type AuditActor, recordAudit } from '../audit';
import { receiptUrl } from './receipt-numbers';
import { DEFAULT_MEMBERSHIP_MONTHS, paymentChanged } from '../membership';
import { findListedRecord, type ListQuery, pageOfMoney } from './data/lists';
import { type MoneyKind, type MoneyRow, updateRecord } from './data/records';

export type { ListQuery } from './data/lists';
import { recordIncomeMovement } from '../treasury';

// Administrator lists (Liste des Paiements, Liste Dons): newest first, paginated, soft-deleted rows hidden.

/** `{ [key]: value }`, typed. */
const field = <K extends string, V>(key: K, value: V) => ({ [key]: value }) as unknown as Record<K, V>;

/** One page of a list, newest first, with the total for its filters; `own` the column only this list shows; `receiptSecret` signs each row's receipt link. */
async function listPage<Own extends 'payment_type' | 'purpose'>(
  db: DB,
  receiptSecret: string,
  kind: MoneyKind,
  query: ListQuery,
  own: Own,
) {
  const { total: count, rows, next } = await pageOfMoney(db, kind, query, own);
  return {
    total: count,
    next,
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
      paid_at: r.paid_at ?? null,
      ...origin(r),
    })),
  };
}

/** `receiptSecret` signs each row's receipt link. */
export const listPayments = (db: DB, receiptSecret: string, query: ListQuery) =>
  listPage(db, receiptSecret, 'payment', query, 'payment_type');

/** `receiptSecret` signs each row's receipt link. */
export const listDonations = (db: DB, receiptSecret: string, query: ListQuery) => listPage(db, receiptSecret, 'donation', query, 'purpose');

const origin = (r: {
  source: string;
  method: string | null;
  reference: string | null;
  deleted_at: string | null;
  deleted_reason: string | null;
  channel: string | null;
}) => ({
  source: r.source === 'offline' ? ('offline' as const) : ('online' as const),
  method: r.method,
  reference: r.reference,
  deleted_at: r.deleted_at,
  deleted_reason: r.deleted_reason,
  channel: (MONEY_CHANNELS as readonly string[]).includes(r.channel ?? '') ? (r.channel as MoneyChannel) : null,
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
  await db.transaction().execute(async (trx) => {
    const now = nowIso();
    const row = await findListedRecord(trx, kind, id);
    if (!row) throw notFound(kind === 'payment' ? 'Paiement introuvable.' : 'Don introuvable.');
    const patch = { deleted_at: now, deleted_by: actor.id, deleted_reason: reason, updated_at: now };
    await updateRecord(trx, kind, id, patch);
    await recordAudit(trx, {
      actorId: actor.id,
      ip: actor.ip,
      actingId: actor.actingId,
      action: `${kind}.delete`,
      entity: kind,
      entityId: id,
      before: row,
      after: { ...row, ...patch },
      details: reason ? { reason } : null,
    });
    // A cancelled membership payment no longer counts for its account's period.
    if (kind === 'payment') await paymentChanged(trx, row as MoneyRow & { user_id: number | null; payment_type: string }, membershipMonths);
    // Cancelled money leaves its treasury account as a counter-entry.
    await recordIncomeMovement(trx, kind, { ...row, ...patch }, { actorId: actor.id });
  });
}
