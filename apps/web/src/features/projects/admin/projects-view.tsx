import type { Project as AdminProject } from '@shared/schemas/public-site';
import { ADMIN_TEXT } from '@web/components/admin/admin-texts';
import { DownloadButton, fileNameOf } from '@web/components/admin/download-button';
import { tableColumns } from '@web/components/admin/list-columns';
import { ListPanel } from '@web/components/admin/list-panel';
import { listFetcher } from '@web/components/admin/page-fetchers';
import { Button } from '@web/components/ui/button';
import { useState } from 'react';
import { PROJECTS_LIST as LIST, projectFilePath } from './lists';
import { ProjectReplyDialog } from './reply-dialog';

export type { AdminProject };

const RENDERS = {
  name: (p: AdminProject) => <span className="font-medium">{p.project_name}</span>,
  description: (p: AdminProject) => <p className="max-w-md min-w-48 whitespace-pre-line">{p.description}</p>,
  file: (p: AdminProject) =>
    p.project_file ? (
      <DownloadButton
        path={projectFilePath(fileNameOf(p.project_file))}
        fileName={fileNameOf(p.project_file)}
        label="Télécharger"
        description={`Télécharger le fichier du projet ${p.project_name}`}
      />
    ) : (
      <span className="text-slate-600">{ADMIN_TEXT.noFile}</span>
    ),
};

const fetchProjects = listFetcher(LIST);

export function ProjectsView() {
  const [replying, setReplying] = useState<AdminProject | null>(null);
  const columns = tableColumns<AdminProject>(LIST.columns, {
    ...RENDERS,
    actions: (p) => (
      <Button variant="secondary" onClick={() => setReplying(p)} aria-label={`Répondre au projet ${p.project_name}`}>
        Répondre
      </Button>
    ),
  });
  return (
    <>
      <ListPanel
        title={LIST.title}
        listKey={['admin', 'projects']}
        fetchPage={fetchProjects}
        exportFrom={{ path: LIST.path }}
        columns={columns}
        rowKey={(p) => p.id}
        emptyText={LIST.emptyText}
        errorText={LIST.errorText}
        searchPlaceholder={LIST.searchPlaceholder}
      />
      {replying ? <ProjectReplyDialog project={replying} onClose={() => setReplying(null)} /> : null}
    </>
  );
}
