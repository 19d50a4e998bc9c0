import { DONATION_PURPOSE_LABELS, type DonationPurpose, PAYMENT_TYPE_LABELS, type PaymentType } from '@shared/constants';
import type { SelectQueryBuilder } from 'kysely';
import type { DB } from '../../db/database';
import { receiptUrl } from './receipt-numbers';

/** How many of one's own records the member space shows (a member pays a few times a year). */
const OWN_LIMIT = 50;

/**
 * The member space's "payments and donations made while logged in, with their receipts" (CONTRACT.md): newest
 * first, cancelled records left out. `receiptSecret` signs the receipt links.
 */
export async function listOwnMoney(db: DB, receiptSecret: string, userId: number) {
  const columns = ['id', 'amount', 'transaction_status', 'receipt_number', 'created_at'] as const;
  // Any money table: the member's own live records, newest first.
  const ownNewest = <QB extends SelectQueryBuilder<any, any, any>>(qb: QB): QB =>
    qb.where('user_id', '=', userId).where('deleted_at', 'is', null).orderBy('id', 'desc').limit(OWN_LIMIT) as QB;
  const [payments, donations] = await Promise.all([
    db
      .selectFrom('payments')
      .select([...columns, 'payment_type'])
      .$call(ownNewest)
      .execute(),
    db
      .selectFrom('donations')
      .select([...columns, 'purpose'])
      .$call(ownNewest)
      .execute(),
  ]);
  const items = [
    ...payments.map((p) => ({
      kind: 'payment' as const,
      ...p,
      label: PAYMENT_TYPE_LABELS[p.payment_type as PaymentType] ?? p.payment_type,
      receipt_url: receiptUrl(receiptSecret, 'payment', p),
    })),
    ...donations.map((d) => ({
      kind: 'donation' as const,
      ...d,
      label: `Don — ${DONATION_PURPOSE_LABELS[d.purpose as DonationPurpose] ?? d.purpose}`,
      receipt_url: receiptUrl(receiptSecret, 'donation', d),
    })),
  ];
  return items.sort((a, b) => b.created_at.localeCompare(a.created_at)).slice(0, OWN_LIMIT);
}
