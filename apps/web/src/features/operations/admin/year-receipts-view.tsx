import { LIST_MESSAGES } from '@shared/messages';
import { formatTelephone } from '@shared/phone';
import { formatFcfa } from '@shared/format';
import { DownloadButton } from '@web/components/admin/download-button';
import { SearchTermField, searchTerm } from '@web/components/admin/search-term';
import { DataTable } from '@web/components/dashboard/data-table';
import { SelectField } from '@web/components/ui/field';
import { Spinner } from '@web/components/ui/spinner';
import { useState } from 'react';
import { useYearDonors, YEAR_DONORS_PER_PAGE, yearReceiptPaths } from './api';
import { YearReceiptsZipJob } from './year-receipts-zip-job';

// « Reçus annuels »: for a chosen year, one PDF per donor (by telephone) summing the donations received,
// one by one or all in a zip prepared on the server; the donors are listed a page at a time and searchable.

const thisYear = new Date().getFullYear();
const YEARS = Array.from({ length: 6 }, (_, i) => String(thisYear - i));

export function YearReceiptsView() {
  const [year, setYear] = useState(String(thisYear));
  const [page, setPage] = useState(1);
  const [typed, setTyped] = useState('');
  // A 1–2 character term is no search yet (the API refuses it): the list stays as it is and the hint says why.
  const { q } = searchTerm(typed);
  const donors = useYearDonors(year, page, q);
  return (
    <section aria-labelledby="year-receipts-title" className="space-y-4">
      <h2 id="year-receipts-title" className="text-2xl font-bold text-emerald-950">
        Reçus annuels des dons
      </h2>
      <div className="flex flex-wrap items-end gap-4">
        <div className="w-40">
          <SelectField
            label="Année"
            value={year}
            options={YEARS.map((y) => ({ value: y, label: y }))}
            onChange={(e) => {
              setYear(e.target.value);
              setPage(1);
            }}
          />
        </div>
        <div className="w-64">
          <SearchTermField
            label="Rechercher (nom ou téléphone)"
            typed={typed}
            onTyped={(next) => {
              setTyped(next);
              setPage(1);
            }}
          />
        </div>
        {donors.data && donors.data.total > 0 && <YearReceiptsZipJob year={year} />}
      </div>
      {donors.isError ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 font-medium text-red-800">
          Erreur lors de la récupération des donateurs.
        </p>
      ) : !donors.data ? (
        <Spinner />
      ) : (
        <>
          {donors.data.capped && (
            <p role="status" className="mb-2 text-sm text-slate-700">
              {LIST_MESSAGES.cappedTotal}
            </p>
          )}
          <DataTable
            caption={`Donateurs ${year}`}
            columns={[
              { key: 'name', header: 'Donateur', render: (d) => d.name ?? '—' },
              {
                key: 'telephone',
                header: 'Téléphone',
                render: (d) => <span className="whitespace-nowrap">{formatTelephone(d.telephone)}</span>,
              },
              { key: 'count', header: 'Dons', render: (d) => d.count },
              { key: 'total', header: 'Total', render: (d) => <span className="whitespace-nowrap">{formatFcfa(d.total)}</span> },
              {
                key: 'pdf',
                header: 'Reçu',
                render: (d) => (
                  <DownloadButton
                    path={yearReceiptPaths.pdf(year, d.telephone)}
                    fileName={`recu-annuel-${year}.pdf`}
                    label="PDF"
                    description={`Reçu annuel ${year} de ${d.name ?? formatTelephone(d.telephone)}`}
                  />
                ),
              },
            ]}
            rows={donors.data.items}
            rowKey={(d) => d.telephone}
            emptyText={q ? 'Aucun donateur ne correspond à cette recherche.' : 'Aucun don reçu cette année-là.'}
            page={page}
            total={donors.data.total}
            perPage={YEAR_DONORS_PER_PAGE}
            onPageChange={setPage}
          />
        </>
      )}
    </section>
  );
}
