import type { AdminTestimonial } from '@shared/schemas/public-site';
import { tableColumns } from '@web/components/admin/list-columns';
import { ListPanel } from '@web/components/admin/list-panel';
import { listFetcher } from '@web/components/admin/page-fetchers';
import { StatusTabs } from '@web/components/admin/status-tabs';
import { useConfirmedDeletion } from '@web/components/admin/use-confirmed-deletion';
import { Button } from '@web/components/ui/button';
import { useMemo, useState } from 'react';
import { deleteTestimonial, usePublishTestimonial } from './api';
import { AuthorizedImage } from './authorized-image';
import { PUBLISHED_EMPTY, TESTIMONIALS_LIST as LIST, type TestimonialStatus } from './lists';

// Moderation of submitted testimonials: only published ones are public.

export type { AdminTestimonial };

const TABS: ReadonlyArray<{ status: TestimonialStatus; label: string }> = [
  { status: 'pending', label: 'En attente' },
  { status: 'published', label: 'Publiés' },
];

export function TestimonialsView() {
  const [status, setStatus] = useState<TestimonialStatus>(LIST.params.status);
  const listKey = useMemo(() => ['admin', 'testimonials', status] as const, [status]);
  const fetchPage = useMemo(() => listFetcher(LIST, { status }), [status]);
  const publish = usePublishTestimonial();
  const { askDelete, dialog } = useConfirmedDeletion<AdminTestimonial>({
    listKey,
    request: deleteTestimonial,
    prompt: 'Voulez-vous vraiment supprimer ce témoignage ? Cette action est irréversible.',
    successText: 'Témoignage supprimé avec succès.',
    errorText: 'Erreur lors de la suppression du témoignage',
  });

  const columns = tableColumns(LIST.columns, {
    author: (t) => (
      <div className="flex min-w-40 items-center gap-2">
        {t.avatar_url ? <AuthorizedImage src={t.avatar_url} alt="" size={40} /> : null}
        <span className="font-medium">{t.author}</span>
      </div>
    ),
    text: (t) => <p className="max-w-md min-w-56 whitespace-pre-line">{t.text}</p>,
    actions: (t) => (
      <div className="flex flex-wrap gap-2">
        {status === 'pending' ? (
          <Button
            isLoading={publish.isPending && publish.variables?.id === t.id}
            loadingText="En cours..."
            onClick={() => publish.mutate(t)}
          >
            Publier
          </Button>
        ) : null}
        <Button variant="danger" onClick={() => askDelete(t)}>
          Supprimer
        </Button>
      </div>
    ),
  });

  const toolbar = <StatusTabs label="Statut des témoignages" tabs={TABS} status={status} onChange={setStatus} />;

  return (
    <>
      <ListPanel
        key={status}
        title={LIST.title}
        toolbar={toolbar}
        listKey={listKey}
        fetchPage={fetchPage}
        exportFrom={{ path: LIST.path, params: { status } }}
        columns={columns}
        rowKey={(t) => t.id}
        emptyText={status === 'pending' ? LIST.emptyText : PUBLISHED_EMPTY}
        errorText={LIST.errorText}
        searchPlaceholder={LIST.searchPlaceholder}
      />
      {dialog}
    </>
  );
}
