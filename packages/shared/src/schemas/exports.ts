import { TRANSACTION_STATUS_LABELS } from '../constants';

// CSV exports (docs/product/exports.md): `?format=csv` on every administrator list, and the words the
// files use for codes (a treasurer reads « Approuvé », not "approved").

export const EXPORT_FORMAT = 'csv';
export const EXPORT_TEXT = { button: 'Exporter', failed: 'L’export a échoué. Veuillez réessayer.' } as const;

/** The same words as the administrator's lists. */
export const CSV_TRANSACTION_STATUS_LABELS = TRANSACTION_STATUS_LABELS;
