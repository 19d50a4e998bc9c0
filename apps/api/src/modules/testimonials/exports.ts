import type { DB } from '../../platform/database/database';
import type { CsvExport } from '../../platform/exports/csv-export';
import { type TestimonialStatus, testimonialsExportQuery } from './data';

// The CSV export of the administrators' testimonials list, with the list's status filter.

type Row = { id: number; author: string; title: string; text: string; is_published: number; created_at: string };
const yesNo = (v: number) => (v ? 'oui' : 'non');

export const testimonialsExport = (db: DB, query: { status?: TestimonialStatus }): CsvExport<Row> => ({
  filename: 'temoignages',
  query: testimonialsExportQuery(db, query.status),
  columns: [
    { header: 'Identifiant', value: (r) => r.id },
    { header: 'Auteur', value: (r) => r.author },
    { header: 'Titre', value: (r) => r.title },
    { header: 'Témoignage', value: (r) => r.text },
    { header: 'Publié', value: (r) => yesNo(r.is_published) },
    { header: 'Reçu le', value: (r) => r.created_at },
  ],
});
