import { DONATION_PURPOSE_LABELS, type DonationPurpose, PAYMENT_TYPE_LABELS, type PaymentType } from '@shared/constants';
import { OWN_MONEY_MESSAGES, type OwnMoneyItem } from '@shared/schemas/donation';
import type { DB } from '../../platform/database/database';
import { notFound } from '../../platform/lib/http-errors';
import { ownRecords } from './data/lists';
import { findOwnRecord, type MoneyKind } from './data/records';
import { type PaymentsContext, refreshRecord } from './money';
import { receiptUrl } from './receipt-numbers';
import { RETURN_RECHECK_MS } from './return-refs';

type OwnRow = Pick<OwnMoneyItem, 'id' | 'amount' | 'transaction_status' | 'receipt_number' | 'created_at'> & {
  payment_type?: string;
  purpose?: string;
};

/** One record as the member space shows it: its label and its signed receipt link. */
function ownItem(receiptSecret: string, kind: MoneyKind, row: OwnRow): OwnMoneyItem {
  const { id, amount, transaction_status, receipt_number, created_at } = row;
  const label =
    kind === 'payment'
      ? (PAYMENT_TYPE_LABELS[row.payment_type as PaymentType] ?? String(row.payment_type))
      : `Don — ${DONATION_PURPOSE_LABELS[row.purpose as DonationPurpose] ?? row.purpose}`;
  return { kind, id, amount, transaction_status, receipt_number, created_at, label, receipt_url: receiptUrl(receiptSecret, kind, row) };
}

/**
 * The member space's "payments and donations made while logged in, with their receipts" (docs/product/accounts.md): newest
 * first, cancelled records left out. `receiptSecret` signs the receipt links.
 */
export async function listOwnMoney(db: DB, receiptSecret: string, userId: number) {
  const { payments, donations, limit } = await ownRecords(db, userId);
  const items = [
    ...payments.map((p) => ownItem(receiptSecret, 'payment', p)),
    ...donations.map((d) => ownItem(receiptSecret, 'donation', d)),
  ];
  return items.sort((a, b) => b.created_at.localeCompare(a.created_at)).slice(0, limit);
}

/**
 * « Vérifier le paiement » in the member space (docs/product/payments.md "A pending payment"): one of the account's
 * own records (an adviser acting for the person included), refreshed from the provider while pending — from any
 * device, not only the one that paid. Someone else's record is not found. A record asked in the last seconds is
 * not asked again (a repeated press costs no provider call).
 */
export async function checkOwnRecord(ctx: PaymentsContext, kind: MoneyKind, id: number, userId: number): Promise<OwnMoneyItem> {
  const row = await findOwnRecord(ctx.db, kind, id, userId);
  if (!row) throw notFound(OWN_MONEY_MESSAGES.notFound);
  const checkedRecently = row.checked_at !== null && Date.now() - Date.parse(row.checked_at) < RETURN_RECHECK_MS;
  const fresh = row.transaction_status === 'pending' && !checkedRecently ? await refreshRecord(ctx, kind, row) : row;
  return ownItem(ctx.receiptSecret, kind, fresh as OwnRow);
}
