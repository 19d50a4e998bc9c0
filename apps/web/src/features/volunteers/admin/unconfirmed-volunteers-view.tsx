import type { UnconfirmedVolunteer } from '@shared/schemas/public-site';
import { DownloadButton, fileNameOf } from '@web/components/admin/download-button';
import { tableColumns } from '@web/components/admin/list-columns';
import { ListPanel } from '@web/components/admin/list-panel';
import { listFetcher } from '@web/components/admin/page-fetchers';
import { StatusTabs } from '@web/components/admin/status-tabs';
import { Button } from '@web/components/ui/button';
import type { VolunteerDecision } from '@shared/schemas/volunteer';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { dropVolunteer, UNCONFIRMED_VOLUNTEERS_KEY, useConfirmVolunteer, volunteerFilePath } from './api';
import { UNCONFIRMED_VOLUNTEERS_LIST as LIST } from './lists';
import { DecidedVolunteersView } from './decided-volunteers-view';
import { RefuseVolunteerDialog } from './refuse-volunteer-dialog';
import { TelephoneLink } from '@web/components/admin/telephone-link';
import { VolunteerPhoto } from './volunteer-photo';

export type { UnconfirmedVolunteer };

const CONFIRM_PROMPT = 'Voulez-vous vraiment confirmer ce volontaire ?';
const fetchVolunteers = listFetcher(LIST);

/** A download button for one of the application's documents. */
const documentButton =
  (kind: 'cv' | 'criminal_record' | 'motivation_letter', label: string, description: string) => (v: UnconfirmedVolunteer) => (
    <DownloadButton
      path={volunteerFilePath(kind, fileNameOf(v[kind]))}
      fileName={fileNameOf(v[kind])}
      label={label}
      description={`${description} de ${v.name}`}
    />
  );

type Tab = 'en_attente' | VolunteerDecision;
const TABS: ReadonlyArray<{ status: Tab; label: string }> = [
  { status: 'en_attente', label: 'En attente' },
  { status: 'confirme', label: 'Confirmés' },
  { status: 'refuse', label: 'Refusés' },
];

/** « Confirmer Volontaire »: the applications waiting, and beside them those already confirmed or refused. */
export function UnconfirmedVolunteersView() {
  const [tab, setTab] = useState<Tab>('en_attente');
  const toolbar = <StatusTabs label="État des candidatures" tabs={TABS} status={tab} onChange={setTab} />;
  if (tab !== 'en_attente') return <DecidedVolunteersView status={tab} toolbar={toolbar} />;
  return <WaitingVolunteers toolbar={toolbar} />;
}

function WaitingVolunteers({ toolbar }: { toolbar: React.ReactNode }) {
  const queryClient = useQueryClient();
  const [refusing, setRefusing] = useState<UnconfirmedVolunteer | null>(null);
  const confirm = useConfirmVolunteer();

  const columns = tableColumns(LIST.columns, {
    telephone: (v) => <TelephoneLink telephone={v.telephone} />,
    profile_image: (v) => (
      <div className="flex flex-col items-start gap-1">
        <VolunteerPhoto fileName={fileNameOf(v.profile_image)} name={v.name} />
        <DownloadButton
          path={volunteerFilePath('profile_image', fileNameOf(v.profile_image))}
          fileName={fileNameOf(v.profile_image)}
          label="Photo"
          description={`Télécharger la photo de ${v.name}`}
        />
      </div>
    ),
    // Short labels (the column header names the document; the accessible name says it in full): the row fits 1280 px.
    cv: documentButton('cv', 'CV', 'Télécharger le CV'),
    criminal_record: documentButton('criminal_record', 'Casier', 'Télécharger le casier judiciaire'),
    motivation_letter: documentButton('motivation_letter', 'Lettre', 'Télécharger la lettre de motivation'),
    action: (v) => (
      <div className="flex flex-wrap gap-2">
        <Button
          isLoading={confirm.isPending && confirm.variables?.id === v.id}
          loadingText="En cours..."
          onClick={() => {
            // The browser's own confirmation comes before a volunteer is confirmed.
            if (window.confirm(CONFIRM_PROMPT)) confirm.mutate(v);
          }}
        >
          Confirmer
        </Button>
        <Button variant="secondary" onClick={() => setRefusing(v)} aria-label={`Refuser la candidature de ${v.name}`}>
          Refuser
        </Button>
      </div>
    ),
  });

  return (
    <>
      <ListPanel
        title={LIST.title}
        toolbar={toolbar}
        listKey={UNCONFIRMED_VOLUNTEERS_KEY}
        fetchPage={fetchVolunteers}
        exportFrom={{ path: LIST.path }}
        columns={columns}
        rowKey={(v) => v.id}
        emptyText={LIST.emptyText}
        errorText={LIST.errorText}
        searchPlaceholder={LIST.searchPlaceholder}
      />
      {refusing ? (
        <RefuseVolunteerDialog
          volunteer={refusing}
          onClose={() => setRefusing(null)}
          onRefused={async () => {
            const id = refusing.id;
            setRefusing(null);
            await dropVolunteer(queryClient, id);
          }}
        />
      ) : null}
    </>
  );
}
