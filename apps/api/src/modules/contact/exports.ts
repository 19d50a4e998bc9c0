import type { ContactMessageStatus } from '@shared/schemas/back-office';
import type { DB } from '../../platform/database/database';
import type { CsvExport } from '../../platform/exports/csv-export';
import { contactMessagesExportQuery } from './data';

// The CSV export of the contact messages list, with the list's tabs (new or handled).

type Row = {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  services: string | null;
  message: string | null;
  created_at: string;
  handled_at: string | null;
};

export const contactMessagesExport = (db: DB, query: { status?: ContactMessageStatus }): CsvExport<Row> => ({
  filename: 'messages-de-contact',
  query: contactMessagesExportQuery(db, query.status),
  columns: [
    { header: 'Identifiant', value: (r) => r.id },
    { header: 'Nom', value: (r) => r.name },
    { header: 'E-mail', value: (r) => r.email },
    { header: 'Téléphone', value: (r) => r.phone },
    { header: 'Services', value: (r) => r.services },
    { header: 'Message', value: (r) => r.message },
    { header: 'Reçu le', value: (r) => r.created_at },
    { header: 'Traité le', value: (r) => r.handled_at },
  ],
});
