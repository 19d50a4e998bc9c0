import { formatTelephone } from '@shared/phone';
import { DONATION_PURPOSE_LABELS, PAYMENT_TYPE_LABELS, TRANSACTION_STATUS_LABELS, type TransactionStatus } from '@shared/constants';
import { formatDate, formatFcfa } from '@shared/format';
import type { DonationListItem } from '@shared/schemas/donation';
import type { PaymentListItem } from '@shared/schemas/payment';
import { fetchError } from '@web/components/admin/admin-texts';
import { labelOf, type ListColumn, type ListDefinition, orDash } from '@web/components/admin/list-definition';

// « Liste des Paiements » and « Liste Dons »: the money lists of the back office. No React here: the dashboards'
// early script reads these definitions too.

export const transactionStatusLabel = (status: string) => TRANSACTION_STATUS_LABELS[status as TransactionStatus] ?? status;

type MoneyRow = PaymentListItem | DonationListItem;

/** A money list's columns: ID and amount, the list's own columns, then status, date, origin, receipt and action. */
function moneyColumns<T extends MoneyRow>(own: ReadonlyArray<ListColumn<T>>): ReadonlyArray<ListColumn<T>> {
  return [
    { key: 'id', header: 'ID', text: (r) => String(r.id) },
    { key: 'amount', header: 'Montant', text: (r) => formatFcfa(r.amount), nowrap: true },
    ...own,
    { key: 'status', header: 'Statut', text: (r) => transactionStatusLabel(r.transaction_status) },
    { key: 'date', header: 'Date', text: (r) => formatDate(r.paid_at ?? r.created_at), nowrap: true },
    { key: 'origin', header: 'Origine' },
    { key: 'receipt', header: 'Reçu' },
    { key: 'action', header: 'Action' },
  ];
}

export const PAYMENTS_LIST: ListDefinition<PaymentListItem> = {
  title: 'Liste des Paiements',
  path: '/payments',
  params: {},
  columns: moneyColumns<PaymentListItem>([
    { key: 'name', header: 'Client', text: (p) => orDash(p.name) },
    { key: 'type', header: 'Type', text: (p) => labelOf(PAYMENT_TYPE_LABELS, p.payment_type) },
  ]),
  emptyText: 'Aucun paiement trouvé.',
  errorText: fetchError('des paiements'),
  searchPlaceholder: 'Rechercher par client, téléphone, transaction…',
};

export const DONATIONS_LIST: ListDefinition<DonationListItem> = {
  title: 'Liste Dons',
  path: '/donations',
  params: {},
  columns: moneyColumns<DonationListItem>([
    // The donor as given online or at the counter; a gift without a name or telephone stays anonymous.
    {
      key: 'donor',
      header: 'Donateur',
      text: (d) => [d.name, d.phone ? formatTelephone(d.phone) : null].filter(Boolean).join(' — ') || 'Anonyme',
    },
    { key: 'purpose', header: 'Objet', text: (d) => labelOf(DONATION_PURPOSE_LABELS, d.purpose) },
  ]),
  emptyText: 'Aucun don trouvé.',
  errorText: fetchError('des dons'),
  searchPlaceholder: 'Rechercher par nom, téléphone, objet, reçu…',
};
