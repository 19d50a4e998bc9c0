import type { FastifyBaseLogger } from 'fastify';
import { type DB, nowIso } from '../../platform/database/database';
import type { MoneyStatusListener } from '../messages';
import type { ProviderTransaction } from './gateways/gateway';
import { nextReceiptNumber } from './receipt-numbers';
import { clock } from '../../platform/lib/clock';
import { recordAudit } from '../audit';
import { DEFAULT_MEMBERSHIP_MONTHS, paymentChanged } from '../membership';
import { type Executor, findRecord, type MoneyKind, type MoneyRow, type PaymentRow, updateRecord } from './data/records';
import { canTransition, PAID_STATUSES } from './transitions';
import { recordIncomeMovement } from '../treasury';

/**
 * Brings a record in line with what the provider said when the server asked it. A record counts as
 * paid only when the provider's amount and currency equal the record's; the first time it does, it
 * gets its receipt number. Runs inside the caller's transaction when given one. `ip`: the client address of the
 * request that asked (the payer's browser, the provider's webhook), for the audit trail; null for the background re-check.
 */
export async function applyProviderState(
  db: Executor,
  kind: MoneyKind,
  recordId: number,
  provider: ProviderTransaction,
  log?: FastifyBaseLogger,
  onChange?: MoneyStatusListener,
  membershipMonths = DEFAULT_MEMBERSHIP_MONTHS,
  ip: string | null = null,
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
        await recordAudit(trx, {
          actorId: null,
          actingId: null,
          ip,
          action: 'payment.amount_mismatch',
          entity: kind,
          entityId: row.id,
          details: {
            expected: { amount: row.amount, currency: row.currency },
            provider: { amount: provider.amount, currency: provider.currency, status: provider.status },
          },
        });
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
        // The settable clock: membership periods count from the day the money was received.
        patch.paid_at = clock.now().toISOString();
      }
    }
    // Guarded on the status read above: a concurrent update wins and this one changes nothing.
    const changed = await updateRecord(trx, kind, row.id, patch, row.transaction_status);
    if (!changed) return findRecord(trx, kind, row.id);
    const updated = { ...row, ...patch } as MoneyRow;
    // Every change of a money record's status is in the trail, written with the change itself.
    await recordAudit(trx, {
      actorId: null,
      actingId: null,
      ip,
      action: `${kind}.status`,
      entity: kind,
      entityId: row.id,
      before: { transaction_status: row.transaction_status },
      after: { transaction_status: target, receipt_number: updated.receipt_number },
      details: { source: 'provider', provider_status: provider.status },
    });
    // An approved or refunded membership payment moves its account's period.
    if (kind === 'payment') await paymentChanged(trx, updated as PaymentRow, membershipMonths);
    // Money received lands in its treasury account; a refund leaves it as a counter-entry.
    await recordIncomeMovement(trx, kind, updated);
    // Notices (receipt link, failed payment) are queued in the same transaction as the change.
    const userId = 'user_id' in row ? row.user_id : null;
    // A gift that pays a pledge's due names it, so the pledge can say what follows (its welcome after the first).
    const pledge = 'pledge_id' in row && row.pledge_id && row.pledge_due ? { id: row.pledge_id, due: row.pledge_due } : null;
    const change = {
      kind,
      id: row.id,
      amount: row.amount,
      phone: row.phone,
      email: row.email,
      userId,
      receiptNumber: updated.receipt_number,
      pledge,
    };
    await onChange?.(trx as DB, { ...change, from: row.transaction_status, to: target });
    return updated;
  };
  if ('isTransaction' in db && db.isTransaction) return run(db);
  return (db as Exclude<Executor, never>).transaction().execute(run);
}
