import { formatDate } from '@shared/format';
import { StatusTabs } from '../components/status-tabs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Column } from '@web/components/dashboard/data-table';
import { Button } from '@web/components/ui/button';
import { api } from '@web/lib/api-client';
import { notify } from '@web/lib/notify';
import { useMemo, useState } from 'react';
import { ADMIN_ACTION_ERRORS, ADMIN_EMPTY, ADMIN_FETCH_ERRORS, ADMIN_SUCCESS, ADMIN_TEXT } from '../admin-messages';
import { pageFetcher, removeRow } from '../api/admin-lists';
import { AuthorizedImage } from '../components/authorized-image';
import { ListPanel } from '../components/list-panel';
import { useConfirmedDeletion } from '../components/use-confirmed-deletion';
import type { AdminTestimonial } from '@shared/schemas/public-site';

// Moderation of submitted testimonials (CONTRACT.md: only published ones are public).

export type { AdminTestimonial };

type Status = 'pending' | 'published';
const TABS: ReadonlyArray<{ status: Status; label: string }> = [
  { status: 'pending', label: 'En attente' },
  { status: 'published', label: 'Publiés' },
];

export function TestimonialsView() {
  const [status, setStatus] = useState<Status>('pending');
  const listKey = useMemo(() => ['admin', 'testimonials', status] as const, [status]);
  const fetchPage = useMemo(() => pageFetcher<AdminTestimonial>('/admin/testimonials', { status }), [status]);
  const queryClient = useQueryClient();
  const publish = useMutation({
    mutationFn: (t: AdminTestimonial) => api.put(`/testimonials/${t.id}/publish`),
    onSuccess: async (_body, t) => {
      notify.success(ADMIN_SUCCESS.testimonialPublished);
      await removeRow(queryClient, ['admin', 'testimonials', 'pending'], t.id);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'testimonials', 'published'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'stats'] });
    },
    onError: () => notify.error(ADMIN_ACTION_ERRORS.publishTestimonial),
  });
  const { askDelete, dialog } = useConfirmedDeletion<AdminTestimonial>({
    listKey,
    path: (t) => `/testimonials/${t.id}`,
    prompt: ADMIN_TEXT.deleteTestimonialPrompt,
    successText: ADMIN_SUCCESS.testimonialDeleted,
    errorText: ADMIN_ACTION_ERRORS.deleteTestimonial,
  });

  const columns: ReadonlyArray<Column<AdminTestimonial>> = [
    {
      key: 'author',
      header: 'Auteur',
      render: (t) => (
        <div className="flex min-w-40 items-center gap-2">
          {t.avatar_url ? <AuthorizedImage src={t.avatar_url} alt="" size={40} /> : null}
          <span className="font-medium">{t.author}</span>
        </div>
      ),
    },
    { key: 'title', header: 'Titre', render: (t) => t.title },
    { key: 'text', header: 'Témoignage', render: (t) => <p className="max-w-md min-w-56 whitespace-pre-line">{t.text}</p> },
    { key: 'date', header: 'Date', render: (t) => <span className="whitespace-nowrap">{formatDate(t.created_at)}</span> },
    {
      key: 'actions',
      header: 'Actions',
      render: (t) => (
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
    },
  ];

  const toolbar = <StatusTabs label="Statut des témoignages" tabs={TABS} status={status} onChange={setStatus} />;

  return (
    <>
      <ListPanel
        key={status}
        title="Témoignages"
        toolbar={toolbar}
        listKey={listKey}
        fetchPage={fetchPage}
        exportFrom={{ path: '/admin/testimonials', params: { status } }}
        columns={columns}
        rowKey={(t) => t.id}
        emptyText={status === 'pending' ? ADMIN_EMPTY.testimonialsPending : ADMIN_EMPTY.testimonialsPublished}
        errorText={ADMIN_FETCH_ERRORS.testimonials}
        searchPlaceholder="Rechercher par auteur, titre, texte..."
      />
      {dialog}
    </>
  );
}
