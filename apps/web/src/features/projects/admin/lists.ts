import { PROJECT_CATEGORY_LABELS, PROJECT_STATUS_LABELS } from '@shared/constants';
import { formatFcfa } from '@shared/format';
import type { Project } from '@shared/schemas/public-site';
import { fetchError } from '@web/components/admin/admin-texts';
import { labelOf, type ListDefinition } from '@web/components/admin/list-definition';

// « Les Projets »: the projects submitted through the public form. No React here: the dashboards' early script
// reads this definition too.

export const PROJECTS_LIST: ListDefinition<Project> = {
  title: 'Les Projets',
  path: '/projects/unconfirmed',
  params: {},
  columns: [
    { key: 'name', header: 'Nom du projet', text: (p) => p.project_name },
    { key: 'description', header: 'Description', text: (p) => p.description },
    { key: 'category', header: 'Catégorie', text: (p) => labelOf(PROJECT_CATEGORY_LABELS, p.category) },
    { key: 'amount', header: 'Montant', text: (p) => formatFcfa(p.goal_amount), nowrap: true },
    { key: 'email', header: 'Contact', text: (p) => (p.telephone ? `${p.contact_email} · ${p.telephone}` : p.contact_email) },
    { key: 'file', header: 'Fichier' },
    { key: 'status', header: 'Statut', text: (p) => labelOf(PROJECT_STATUS_LABELS, p.status) },
    { key: 'actions', header: 'Répondre' },
  ],
  emptyText: 'Aucun projet trouvé.',
  errorText: fetchError('des projets'),
  searchPlaceholder: 'Rechercher un projet…',
};

/** The download address of a project's attached file. */
export const projectFilePath = (fileName: string) => `/projects/download/${encodeURIComponent(fileName)}`;
