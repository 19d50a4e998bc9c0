import { DONATION_PURPOSE_LABELS, type DonationPurpose, ORGANISATION, PAYMENT_TYPE_LABELS, type PaymentType } from '@shared/constants';
import { formatFcfa } from '@shared/format';
import { OFFLINE_METHOD_LABELS, type OfflineMethod } from '@shared/schemas/offline-payment';
import { amountInFrenchWords } from './french-words';
import type { DonationRow, MoneyKind, MoneyRow, PaymentRow } from './data/records';
import type { OrganisationFacts } from '@shared/schemas/organisation';

// What a receipt says, once; the HTML page and the PDF both render this.

export interface ReceiptDocument {
  title: string;
  number: string;
  date: string;
  /** The organisation's facts an administrator set (modules/settings); an unset telephone, e-mail or number is left out. */
  organisation: { name: string; address: string; contact: string | null; registration: string | null; signatureUrl: string | null };
  payer: Array<[string, string]>;
  amountFigures: string;
  amountWords: string;
  object: [string, string];
  reference: [string, string];
  note: string;
  /**
   * Set when the record was cancelled or refunded (docs/product/accounts.md): the receipt still opens,
   * stamped « ANNULÉ » or « REMBOURSÉ » with the date and the reason, and no longer attests the money received.
   */
  voided: { stamp: 'ANNULÉ' | 'REMBOURSÉ'; detail: string } | null;
}

/** What a voided receipt says instead of attesting the money. */
export const VOIDED_NOTE = 'Ce reçu n’atteste plus la réception de cette somme et ne vaut pas justificatif de paiement.';

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

/** A cancellation (by an administrator, with its reason) wins over a refund; both say when. */
function voidedStamp(row: MoneyRow): ReceiptDocument['voided'] {
  if (row.deleted_at) {
    const reason = row.deleted_reason?.trim() || 'non précisé';
    return { stamp: 'ANNULÉ', detail: `Annulé le ${DATE_FORMAT.format(new Date(row.deleted_at))}. Motif : ${reason}.` };
  }
  if (row.transaction_status === 'refunded') {
    return {
      stamp: 'REMBOURSÉ',
      detail: `Remboursé au payeur le ${DATE_FORMAT.format(new Date(row.updated_at))}. Motif : remboursement signalé par le prestataire de paiement.`,
    };
  }
  return null;
}

/** Who issues a receipt, as every receipt prints it (single ones, year-end ones): the facts set, else the specification's. */
export function receiptIssuer(facts: OrganisationFacts | null): ReceiptDocument['organisation'] {
  return {
    name: facts?.name ?? ORGANISATION.name,
    address: facts?.address ?? `${ORGANISATION.city}, ${ORGANISATION.country}`,
    contact: [facts?.telephone, facts?.email].filter(Boolean).join(' · ') || null,
    registration: facts?.registration_number ? `N° d’enregistrement : ${facts.registration_number}` : null,
    signatureUrl: facts?.receipt_signature_image ?? null,
  };
}

export function buildReceipt(kind: MoneyKind, row: MoneyRow, facts: OrganisationFacts | null = null): ReceiptDocument {
  const organisation = receiptIssuer(facts);
  const orgName = organisation.name;
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
    organisation,
    payer,
    amountFigures: formatFcfa(row.amount),
    amountWords: amountInFrenchWords(row.amount),
    object,
    reference: referenceOf(row),
    voided: voidedStamp(row),
    note: voidedStamp(row)
      ? VOIDED_NOTE
      : kind === 'payment'
        ? `${orgName} atteste avoir reçu la somme ci-dessus. Merci pour votre engagement.`
        : `${orgName} atteste avoir reçu ce don et vous remercie pour votre générosité.`,
  };
}
