import {
  DONATION_PURPOSE_LABELS,
  type DonationPurpose,
  PAYMENT_TYPE_LABELS,
  type PaymentType,
  type TransactionStatus,
} from '@shared/constants';
import { CSV_TRANSACTION_STATUS_LABELS } from '@shared/schemas/exports';
import { MONEY_CHANNEL_LABELS } from '@shared/schemas/money-origin';
import { MONEY_SOURCE_LABELS, OFFLINE_METHOD_LABELS, type OfflineMethod } from '@shared/schemas/offline-payment';
import type { DB } from '../../platform/database/database';
import type { CsvColumn, CsvExport } from '../../platform/exports/csv-export';
import { filteredDonations, filteredPayments, type ListFilter } from './data/lists';
import type { DonationRow, PaymentRow } from './data/records';

// The CSV exports of the payments and donations lists, with the lists' filters: the same columns but the one that
// says what the money is for.

const label = <K extends string>(labels: Record<K, string>, value: string | null) => (value === null ? '' : (labels[value as K] ?? value));

const moneyColumns = <R extends PaymentRow | DonationRow>(what: CsvColumn<R>): CsvColumn<R>[] => [
  { header: 'Identifiant', value: (r) => r.id },
  { header: 'Reçu n°', value: (r) => r.receipt_number },
  { header: 'Nom', value: (r) => r.name },
  { header: 'E-mail', value: (r) => r.email },
  { header: 'Téléphone', value: (r) => r.phone },
  what,
  { header: 'Montant (FCFA)', value: (r) => r.amount },
  { header: 'Statut', value: (r) => label(CSV_TRANSACTION_STATUS_LABELS as Record<TransactionStatus, string>, r.transaction_status) },
  { header: 'Origine', value: (r) => label(MONEY_SOURCE_LABELS, r.source) },
  { header: 'Moyen', value: (r) => label(OFFLINE_METHOD_LABELS as Record<OfflineMethod, string>, r.method) },
  { header: 'Annulé le', value: (r) => r.deleted_at },
  { header: 'Motif d’annulation', value: (r) => r.deleted_reason },
  { header: 'Référence', value: (r) => r.reference ?? r.transaction_id },
  { header: 'Payé le', value: (r) => r.paid_at },
  { header: 'Créé le', value: (r) => r.created_at },
  // Last, so the earlier columns keep their places for existing spreadsheets.
  { header: 'Canal', value: (r) => label(MONEY_CHANNEL_LABELS, r.channel) },
];

export const paymentsExport = (db: DB, query: ListFilter): CsvExport<PaymentRow> => ({
  filename: query.cancelled ? 'paiements-annules' : 'paiements',
  query: filteredPayments(db, query).selectAll(),
  columns: moneyColumns<PaymentRow>({
    header: 'Type',
    value: (r) => label(PAYMENT_TYPE_LABELS as Record<PaymentType, string>, r.payment_type),
  }),
});

export const donationsExport = (db: DB, query: ListFilter): CsvExport<DonationRow> => ({
  filename: query.cancelled ? 'dons-annules' : 'dons',
  query: filteredDonations(db, query).selectAll(),
  columns: moneyColumns<DonationRow>({
    header: 'Cause',
    value: (r) => label(DONATION_PURPOSE_LABELS as Record<DonationPurpose, string>, r.purpose),
  }),
});
