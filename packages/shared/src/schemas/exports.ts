import type { TransactionStatus } from '../constants';

// CSV exports (CONTRACT.md "Exports"): `?format=csv` on every administrator list, and the words the
// files use for codes (a treasurer reads « Approuvé », not "approved").

export const EXPORT_FORMAT = 'csv';
export const EXPORT_TEXT = { button: 'Exporter', failed: 'L’export a échoué. Veuillez réessayer.' } as const;

export const CSV_TRANSACTION_STATUS_LABELS: Record<TransactionStatus, string> = {
  pending: 'En attente',
  approved: 'Approuvé',
  declined: 'Refusé',
  canceled: 'Annulé',
  refunded: 'Remboursé',
  transferred: 'Transféré',
};
