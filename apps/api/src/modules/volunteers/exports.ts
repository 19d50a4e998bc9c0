import { VOLUNTEER_DOMAIN_LABELS } from '@shared/constants';
import type { DB } from '../../platform/database/database';
import type { CsvExport } from '../../platform/exports/csv-export';
import { unconfirmedVolunteersExportQuery } from './data';

// The CSV export of the "volunteers to confirm" list: the rows the list shows (its search too), every page.

type Row = {
  id: number;
  name: string;
  telephone: string | null;
  email: string;
  domain: string;
  under_restriction: number;
  created_at: string;
};
const yesNo = (v: number) => (v ? 'oui' : 'non');

export const unconfirmedVolunteersExport = (db: DB, query: { q?: string } = {}): CsvExport<Row> => ({
  filename: 'volontaires-a-confirmer',
  query: unconfirmedVolunteersExportQuery(db, query.q),
  columns: [
    { header: 'Identifiant', value: (r) => r.id },
    { header: 'Nom', value: (r) => r.name },
    // The volunteer form asks a telephone (docs/product/public-site.md), the team's way to answer.
    { header: 'Téléphone', value: (r) => r.telephone },
    { header: 'E-mail', value: (r) => r.email },
    { header: 'Domaine', value: (r) => (VOLUNTEER_DOMAIN_LABELS as Record<string, string>)[r.domain] ?? r.domain },
    { header: 'Sous restriction', value: (r) => yesNo(r.under_restriction) },
    { header: 'Reçu le', value: (r) => r.created_at },
  ],
});
