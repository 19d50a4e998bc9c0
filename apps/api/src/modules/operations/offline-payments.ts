import { OFFLINE_MESSAGES, type OfflinePayment } from '@shared/schemas/offline-payment';
import { type DB, nowIso } from '../../platform/database/database';
import { type AuditActor, recordAudit } from '../audit';
import { paymentChanged } from '../membership';
import { type MoneyRow, nextReceiptNumber } from '../payments';
import { findAccountByTelephone, findOfflineDuplicate, insertOfflineDonation, insertOfflinePayment, lockOfflineKey } from './data';
import { conflict } from '../../platform/lib/http-errors';
import { recordIncomeMovement } from '../treasury';
import { assertFeeAtLeastMinimum } from '../settings';

// Money received outside the gateway (cash at a meeting, mobile money sent directly, transfer, cheque),
// entered by an administrator: approved at once, numbered like any receipt, audited in the same transaction.

export async function recordOfflinePayment(
  db: DB,
  input: OfflinePayment,
  actor: AuditActor,
  membershipMonths: number,
): Promise<{ kind: 'donation' | 'payment'; row: MoneyRow }> {
  if (input.kind === 'payment') await assertFeeAtLeastMinimum(db, input.payment_type!, input.amount);
  return db.transaction().execute(async (trx) => {
    // The same reference, amount and day twice is most often one payment entered twice: refused unless confirmed.
    const day = input.received_at;
    await lockOfflineKey(trx, `${input.kind}:${input.reference}:${input.amount}:${day}`);
    if (
      !input.confirm_duplicate &&
      (await findOfflineDuplicate(trx, input.kind, { reference: input.reference, amount: input.amount, day }))
    ) {
      throw conflict(OFFLINE_MESSAGES.duplicate);
    }
    const now = nowIso();
    // The day the money was received is the day it was paid (receipt date, membership period, statistics).
    const paidAt = `${input.received_at}T12:00:00.000Z`;
    const common = {
      amount: input.amount,
      name: input.name,
      email: null,
      phone: input.telephone,
      currency: 'XOF',
      transaction_status: 'approved',
      transaction_id: null,
      provider: 'offline',
      is_verified: 1,
      receipt_number: await nextReceiptNumber(trx, input.kind, new Date(paidAt)),
      paid_at: paidAt,
      source: 'offline',
      recorded_by: actor.id,
      method: input.method,
      reference: input.reference,
      created_at: now,
      updated_at: now,
    };
    let row: MoneyRow;
    if (input.kind === 'donation') {
      row = await insertOfflineDonation(trx, { ...common, purpose: input.purpose! });
    } else {
      // A membership fee counts for the account with that telephone, as if it had paid online while logged in.
      const account = await findAccountByTelephone(trx, input.telephone);
      row = await insertOfflinePayment(trx, {
        ...common,
        email: account?.email ?? null,
        payment_type: input.payment_type!,
        user_id: account?.id ?? null,
      });
    }
    await recordAudit(trx, {
      actorId: actor.id,
      ip: actor.ip,
      actingId: actor.actingId,
      action: `offline_${input.kind}.create`,
      entity: input.kind,
      entityId: row.id,
      after: row,
    });
    // The money lands in the account named, else the first account of the kind its method implies.
    await recordIncomeMovement(trx, input.kind, row, { accountId: input.account, actorId: actor.id });
    if (input.kind === 'payment')
      await paymentChanged(trx, row as MoneyRow & { user_id: number | null; payment_type: string }, membershipMonths);
    return { kind: input.kind, row };
  });
}
