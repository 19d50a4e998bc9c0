import { VOLUNTEER_DOMAIN_LABELS } from '@shared/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Column } from '@web/components/dashboard/data-table';
import { Button } from '@web/components/ui/button';
import { api } from '@web/lib/api-client';
import { notify } from '@web/lib/notify';
import { ADMIN_ACTION_ERRORS, ADMIN_EMPTY, ADMIN_FETCH_ERRORS, ADMIN_SUCCESS, ADMIN_TEXT } from '../admin-messages';
import { pageFetcher, removeRow } from '../api/admin-lists';
import { DownloadButton, fileNameOf } from '../components/download-button';
import { ListPanel } from '../components/list-panel';
import type { UnconfirmedVolunteer } from '@shared/schemas/public-site';
import type { MessageResponse } from '@shared/schemas/api-common';

export type { UnconfirmedVolunteer };
import { RefuseVolunteerDialog } from './refuse-volunteer-dialog';
import { VolunteerPhoto } from './volunteer-photo';

const LIST_KEY = ['admin', 'unconfirmed-volunteers'] as const;
const fetchVolunteers = pageFetcher<UnconfirmedVolunteer>('/volunteers/unconfirmed');
const domainLabel = (d: string) => VOLUNTEER_DOMAIN_LABELS[d as keyof typeof VOLUNTEER_DOMAIN_LABELS] ?? d;

export function UnconfirmedVolunteersView() {
  const queryClient = useQueryClient();
  const [refusing, setRefusing] = useState<UnconfirmedVolunteer | null>(null);
  const confirm = useMutation({
    mutationFn: (v: UnconfirmedVolunteer) => api.put<MessageResponse>(`/volunteers/${v.id}/confirm`),
    onSuccess: async (_body, v) => {
      notify.success(ADMIN_SUCCESS.volunteerConfirmed);
      await removeRow(queryClient, LIST_KEY, v.id);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'stats'] });
    },
    onError: () => notify.error(ADMIN_ACTION_ERRORS.confirmVolunteer),
  });

  const columns: ReadonlyArray<Column<UnconfirmedVolunteer>> = [
    { key: 'name', header: 'Nom', render: (v) => v.name },
    { key: 'email', header: 'Email', render: (v) => <span className="whitespace-nowrap">{v.email}</span> },
    {
      key: 'profile_image',
      header: 'Photo',
      render: (v) => (
        <div className="flex items-center gap-2">
          <VolunteerPhoto fileName={fileNameOf(v.profile_image)} name={v.name} />
          <DownloadButton
            path={`/download/profile_image/${encodeURIComponent(fileNameOf(v.profile_image))}`}
            fileName={fileNameOf(v.profile_image)}
            label="Télécharger la photo"
            description={`Télécharger la photo de ${v.name}`}
          />
        </div>
      ),
    },
    {
      key: 'cv',
      header: 'CV',
      render: (v) => (
        <DownloadButton
          path={`/download/cv/${encodeURIComponent(fileNameOf(v.cv))}`}
          fileName={fileNameOf(v.cv)}
          label="Télécharger le CV"
          description={`Télécharger le CV de ${v.name}`}
        />
      ),
    },
    {
      key: 'criminal_record',
      header: 'Casier judiciaire',
      render: (v) => (
        <DownloadButton
          path={`/download/criminal_record/${encodeURIComponent(fileNameOf(v.criminal_record))}`}
          fileName={fileNameOf(v.criminal_record)}
          label="Télécharger le casier"
          description={`Télécharger le casier judiciaire de ${v.name}`}
        />
      ),
    },
    {
      key: 'motivation_letter',
      header: 'Lettre de motivation',
      render: (v) => (
        <DownloadButton
          path={`/download/motivation_letter/${encodeURIComponent(fileNameOf(v.motivation_letter))}`}
          fileName={fileNameOf(v.motivation_letter)}
          label="Télécharger la lettre"
          description={`Télécharger la lettre de motivation de ${v.name}`}
        />
      ),
    },
    { key: 'domain', header: 'Domaine', render: (v) => domainLabel(v.domain) },
    {
      key: 'action',
      header: 'Action',
      render: (v) => (
        <div className="flex flex-wrap gap-2">
          <Button
            isLoading={confirm.isPending && confirm.variables?.id === v.id}
            loadingText="En cours..."
            onClick={() => {
              // The specification asks for the browser's own confirmation before confirming a volunteer.
              if (window.confirm(ADMIN_TEXT.confirmVolunteerPrompt)) confirm.mutate(v);
            }}
          >
            Confirmer
          </Button>
          <Button variant="secondary" onClick={() => setRefusing(v)} aria-label={`Refuser la candidature de ${v.name}`}>
            Refuser
          </Button>
        </div>
      ),
    },
  ];

  return (
    <>
      <ListPanel
        title="Confirmer Volontaire"
        listKey={LIST_KEY}
        fetchPage={fetchVolunteers}
        exportFrom={{ path: '/volunteers/unconfirmed' }}
        columns={columns}
        rowKey={(v) => v.id}
        emptyText={ADMIN_EMPTY.unconfirmedVolunteers}
        errorText={ADMIN_FETCH_ERRORS.unconfirmedVolunteers}
        searchPlaceholder="Rechercher par nom, email..."
      />
      {refusing ? (
        <RefuseVolunteerDialog
          volunteer={refusing}
          onClose={() => setRefusing(null)}
          onRefused={async () => {
            const id = refusing.id;
            setRefusing(null);
            await removeRow(queryClient, LIST_KEY, id);
            void queryClient.invalidateQueries({ queryKey: ['admin', 'stats'] });
          }}
        />
      ) : null}
    </>
  );
}
