import type { FastifyBaseLogger } from 'fastify';
import { nowIso } from '../../db/database';
import type { ProviderTransaction } from '../../payments/gateway';
import { nextReceiptNumber } from './receipt-numbers';
import { type Executor, findRecord, type MoneyKind, type MoneyRow, updateRecord } from './records';
import { canTransition, PAID_STATUSES } from './transitions';

/**
 * Brings a record in line with what the provider said when the server asked it. A record counts as
 * paid only when the provider's amount and currency equal the record's; the first time it does, it
 * gets its receipt number. Runs inside the caller's transaction when given one.
 */
export async function applyProviderState(
  db: Executor,
  kind: MoneyKind,
  recordId: number,
  provider: ProviderTransaction,
  log?: FastifyBaseLogger,
): Promise<MoneyRow | undefined> {
  const run = async (trx: Executor) => {
    const row = await findRecord(trx, kind, recordId);
    if (!row) return undefined;
    const now = nowIso();
    if (row.transaction_id !== provider.id) {
      // Never apply one transaction's news to another record.
      log?.warn({ kind, recordId, provider: provider.id }, 'provider transaction does not belong to this record');
      return row;
    }
    let target = provider.status;
    const amountMatches = provider.amount === row.amount && (provider.currency ?? '').toUpperCase() === row.currency.toUpperCase();
    if (PAID_STATUSES.has(target) && !amountMatches) {
      target = 'declined';
      if (row.transaction_status !== 'declined') {
        await trx
          .insertInto('audit_log')
          .values({
            actor_user_id: null,
            action: 'payment.amount_mismatch',
            entity: kind,
            entity_id: String(row.id),
            details: JSON.stringify({ expected: { amount: row.amount, currency: row.currency }, provider: { amount: provider.amount, currency: provider.currency, status: provider.status } }),
            created_at: now,
          })
          .execute();
        log?.warn({ kind, recordId }, 'provider amount or currency differs from the record: not counted as paid');
      }
    }
    if (!canTransition(row.transaction_status, target)) {
      await updateRecord(trx, kind, row.id, { checked_at: now });
      return { ...row, checked_at: now };
    }
    const patch: Partial<MoneyRow> = { transaction_status: target, updated_at: now, checked_at: now };
    if (PAID_STATUSES.has(target)) {
      patch.is_verified = 1;
      if (!row.receipt_number) {
        patch.receipt_number = await nextReceiptNumber(trx, kind);
        patch.paid_at = now;
      }
    }
    // Guarded on the status read above: a concurrent update wins and this one changes nothing.
    const changed = await updateRecord(trx, kind, row.id, patch, row.transaction_status);
    if (!changed) return findRecord(trx, kind, row.id);
    return { ...row, ...patch } as MoneyRow;
  };
  if ('isTransaction' in db && db.isTransaction) return run(db);
  return (db as Exclude<Executor, never>).transaction().execute(run);
}
