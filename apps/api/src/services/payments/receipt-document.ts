import { DONATION_PURPOSE_LABELS, type DonationPurpose, ORGANISATION, PAYMENT_TYPE_LABELS, type PaymentType } from '@shared/constants';
import { formatFcfa } from '@shared/format';
import { OFFLINE_METHOD_LABELS, type OfflineMethod } from '@shared/schemas/offline-payment';
import { amountInFrenchWords } from './french-words';
import type { DonationRow, MoneyKind, MoneyRow, PaymentRow } from '../../db/repositories/money-records';

// What a receipt says, once; the HTML page and the PDF both render this.

export interface ReceiptDocument {
  title: string;
  number: string;
  date: string;
  organisation: { name: string; address: string; phone: string; email: string };
  payer: Array<[string, string]>;
  amountFigures: string;
  amountWords: string;
  object: [string, string];
  reference: [string, string];
  note: string;
  /** Set when the money was refunded: the receipt says so, prominently. */
  refunded: string | null;
}

export const REFUNDED_NOTICE = 'REMBOURSÉ — cette somme a été remboursée au payeur ; ce reçu ne vaut plus justificatif de paiement.';

function referenceOf(row: MoneyRow): [string, string] {
  if (row.source === 'offline') {
    const method = OFFLINE_METHOD_LABELS[row.method as OfflineMethod] ?? row.method ?? '';
    return ['Moyen de paiement', `${method} — réf. ${row.reference ?? ''} (saisi par l’association)`];
  }
  return [
    'Référence de la transaction',
    `${row.transaction_id ?? ''} (${row.provider === 'fedapay' ? 'FedaPay' : 'simulateur de paiement'})`,
  ];
}

const DATE_FORMAT = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Africa/Porto-Novo' });

export function buildReceipt(kind: MoneyKind, row: MoneyRow): ReceiptDocument {
  const payer: Array<[string, string]> = [];
  if (row.name) payer.push(['Nom', row.name]);
  if (row.email) payer.push(['E-mail', row.email]);
  if (row.phone) payer.push(['Téléphone', row.phone]);
  if (payer.length === 0) payer.push(['Donateur', 'Donateur anonyme']);
  const object: [string, string] =
    kind === 'payment'
      ? ['Type de paiement', PAYMENT_TYPE_LABELS[(row as PaymentRow).payment_type as PaymentType] ?? (row as PaymentRow).payment_type]
      : ['Cause soutenue', DONATION_PURPOSE_LABELS[(row as DonationRow).purpose as DonationPurpose] ?? (row as DonationRow).purpose];
  return {
    title: kind === 'payment' ? 'Reçu de paiement' : 'Reçu de don',
    number: row.receipt_number ?? '',
    date: DATE_FORMAT.format(new Date(row.paid_at ?? row.updated_at)),
    organisation: {
      name: ORGANISATION.name,
      address: `${ORGANISATION.city}, ${ORGANISATION.country}`,
      phone: ORGANISATION.phone,
      email: ORGANISATION.email,
    },
    payer,
    amountFigures: formatFcfa(row.amount),
    amountWords: amountInFrenchWords(row.amount),
    object,
    reference: referenceOf(row),
    refunded: row.transaction_status === 'refunded' ? REFUNDED_NOTICE : null,
    note:
      kind === 'payment'
        ? `${ORGANISATION.name} atteste avoir reçu la somme ci-dessus. Merci pour votre engagement.`
        : `${ORGANISATION.name} atteste avoir reçu ce don et vous remercie pour votre générosité.`,
  };
}
