import type { OfflinePayment } from '@shared/schemas/offline-payment';
import { type DB, nowIso } from '../../db/database';
import { type AuditActor, recordAudit } from '../audit/record-audit';
import { paymentChanged } from '../membership/memberships';
import { nextReceiptNumber } from '../payments/receipt-numbers';
import type { MoneyRow } from '../../db/repositories/money-records';

// Money received outside the gateway (cash at a meeting, mobile money sent directly, transfer, cheque),
// entered by an administrator: approved at once, numbered like any receipt, audited in the same transaction.

export async function recordOfflinePayment(
  db: DB,
  input: OfflinePayment,
  actor: AuditActor,
  membershipMonths: number,
): Promise<{ kind: 'donation' | 'payment'; row: MoneyRow }> {
  return db.transaction().execute(async (trx) => {
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
      row = await trx
        .insertInto('donations')
        .values({ ...common, purpose: input.purpose! })
        .returningAll()
        .executeTakeFirstOrThrow();
    } else {
      // A membership fee counts for the account with that telephone, as if it had paid online while logged in.
      const account = await trx.selectFrom('users').select(['id', 'email']).where('telephone', '=', input.telephone).executeTakeFirst();
      row = await trx
        .insertInto('payments')
        .values({ ...common, email: account?.email ?? null, payment_type: input.payment_type!, user_id: account?.id ?? null })
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    await recordAudit(trx, {
      actorId: actor.id,
      ip: actor.ip,
      action: `offline_${input.kind}.create`,
      entity: input.kind,
      entityId: row.id,
      after: row,
    });
    if (input.kind === 'payment')
      await paymentChanged(trx, row as MoneyRow & { user_id: number | null; payment_type: string }, membershipMonths);
    return { kind: input.kind, row };
  });
}
