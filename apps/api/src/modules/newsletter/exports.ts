import type { DB } from '../../platform/database/database';
import type { CsvExport } from '../../platform/exports/csv-export';
import { subscribersExportQuery } from './data';

// The CSV export of the newsletter subscribers list.

export const subscribersExport = (db: DB): CsvExport<{ id: number; email: string; created_at: string }> => ({
  filename: 'abonnes-newsletter',
  query: subscribersExportQuery(db),
  columns: [
    { header: 'Identifiant', value: (r) => r.id },
    { header: 'E-mail', value: (r) => r.email },
    { header: 'Inscrit le', value: (r) => r.created_at },
  ],
});
