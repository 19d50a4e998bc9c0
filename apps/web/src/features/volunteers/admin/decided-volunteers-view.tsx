import { type DecidedVolunteer, documentCheckWords, type VolunteerDecision } from '@shared/schemas/volunteer';
import { DownloadButton, fileNameOf } from '@web/components/admin/download-button';
import { tableColumns } from '@web/components/admin/list-columns';
import { ListPanel } from '@web/components/admin/list-panel';
import { listFetcher } from '@web/components/admin/page-fetchers';
import { TelephoneLink } from '@web/components/admin/telephone-link';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { volunteerFilePath } from './api';
import { DECIDED_VOLUNTEERS_LIST as LIST } from './lists';

// The volunteers already confirmed or refused. Their criminal record is deleted 30 days after the decision
// (docs/product/personal-data.md): what is kept then — « Casier judiciaire vérifié le … par … » — shows in its place.

function criminalRecordCell(v: DecidedVolunteer): ReactNode {
  if (v.criminal_record) {
    return (
      <DownloadButton
        path={volunteerFilePath('criminal_record', fileNameOf(v.criminal_record))}
        fileName={fileNameOf(v.criminal_record)}
        label="Casier"
        description={`Télécharger le casier judiciaire de ${v.name}`}
      />
    );
  }
  if (v.checks.length === 0) return '—';
  return (
    <ul className="min-w-56 space-y-1">
      {v.checks.map((check) => (
        <li key={check.document}>{documentCheckWords(check)}</li>
      ))}
    </ul>
  );
}

export function DecidedVolunteersView({ status, toolbar }: { status: VolunteerDecision; toolbar: ReactNode }) {
  const listKey = useMemo(() => ['admin', 'decided-volunteers', status] as const, [status]);
  const fetchPage = useMemo(() => listFetcher(LIST, { status }), [status]);
  const columns = tableColumns(LIST.columns, {
    telephone: (v) => <TelephoneLink telephone={v.telephone} />,
    criminal_record: criminalRecordCell,
  });
  return (
    <ListPanel
      key={status}
      title={LIST.title}
      toolbar={toolbar}
      listKey={listKey}
      fetchPage={fetchPage}
      columns={columns}
      rowKey={(v) => v.id}
      emptyText={status === 'confirme' ? 'Aucun volontaire confirmé pour le moment' : 'Aucune candidature refusée'}
      errorText={LIST.errorText}
      searchPlaceholder={LIST.searchPlaceholder}
    />
  );
}
