import { PROJECT_CATEGORY_LABELS, PROJECT_STATUS_LABELS } from '@shared/constants';
import type { DB } from '../../platform/database/database';
import type { CsvExport } from '../../platform/exports/csv-export';
import { projectsExportQuery } from './data';

// The CSV export of the submitted projects list, in French words (« Éducation », « En examen »).

type Row = {
  id: number;
  project_name: string;
  description: string;
  goal_amount: number;
  category: string;
  contact_email: string;
  telephone: string | null;
  status: string;
  status_message: string | null;
  created_at: string;
};

const label = (labels: Record<string, string>, value: string) => labels[value] ?? value;

export const projectsExport = (db: DB): CsvExport<Row> => ({
  filename: 'projets',
  query: projectsExportQuery(db),
  columns: [
    { header: 'Identifiant', value: (r) => r.id },
    { header: 'Projet', value: (r) => r.project_name },
    { header: 'Description', value: (r) => r.description },
    { header: 'Objectif (FCFA)', value: (r) => r.goal_amount },
    { header: 'Catégorie', value: (r) => label(PROJECT_CATEGORY_LABELS, r.category) },
    { header: 'E-mail de contact', value: (r) => r.contact_email },
    { header: 'Téléphone', value: (r) => r.telephone },
    { header: 'Statut', value: (r) => label(PROJECT_STATUS_LABELS, r.status) },
    { header: 'Dernière réponse', value: (r) => r.status_message },
    { header: 'Reçu le', value: (r) => r.created_at },
  ],
});
