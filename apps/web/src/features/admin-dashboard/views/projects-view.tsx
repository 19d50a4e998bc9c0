import { PROJECT_CATEGORY_LABELS } from '@shared/constants';
import { formatFcfa } from '@shared/format';
import type { Column } from '@web/components/dashboard/data-table';
import { ADMIN_EMPTY, ADMIN_FETCH_ERRORS, ADMIN_TEXT } from '../admin-messages';
import { pageFetcher } from '../api/admin-lists';
import { DownloadButton, fileNameOf } from '../components/download-button';
import { ListPanel } from '../components/list-panel';
import type { Project as AdminProject } from '@shared/schemas/public-site';

export type { AdminProject };

const categoryLabel = (c: string) => PROJECT_CATEGORY_LABELS[c as keyof typeof PROJECT_CATEGORY_LABELS] ?? c;

const COLUMNS: ReadonlyArray<Column<AdminProject>> = [
  { key: 'name', header: 'Nom du projet', render: (p) => <span className="font-medium">{p.project_name}</span> },
  { key: 'description', header: 'Description', render: (p) => <p className="max-w-md min-w-48 whitespace-pre-line">{p.description}</p> },
  { key: 'category', header: 'Catégorie', render: (p) => categoryLabel(p.category) },
  { key: 'amount', header: 'Montant', render: (p) => <span className="whitespace-nowrap">{formatFcfa(p.goal_amount)}</span> },
  { key: 'email', header: 'Contact', render: (p) => <span className="whitespace-nowrap">{p.contact_email}</span> },
  {
    key: 'file',
    header: 'Fichier',
    render: (p) =>
      p.project_file ? (
        <DownloadButton
          path={`/projects/download/${encodeURIComponent(fileNameOf(p.project_file))}`}
          fileName={fileNameOf(p.project_file)}
          label="Télécharger"
          description={`Télécharger le fichier du projet ${p.project_name}`}
        />
      ) : (
        <span className="text-slate-600">{ADMIN_TEXT.noFile}</span>
      ),
  },
];

const fetchProjects = pageFetcher<AdminProject>('/projects/unconfirmed');

export function ProjectsView() {
  return (
    <ListPanel
      title="Les Projets"
      listKey={['admin', 'projects']}
      fetchPage={fetchProjects}
      exportFrom={{ path: '/projects/unconfirmed' }}
      columns={COLUMNS}
      rowKey={(p) => p.id}
      emptyText={ADMIN_EMPTY.projects}
      errorText={ADMIN_FETCH_ERRORS.projects}
      searchPlaceholder="Rechercher un projet..."
    />
  );
}
