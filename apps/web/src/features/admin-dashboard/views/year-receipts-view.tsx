import { formatFcfa } from '@shared/format';
import type { YearDonor } from '@shared/schemas/year-receipts';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from '@web/components/dashboard/data-table';
import { SelectField } from '@web/components/ui/field';
import { Spinner } from '@web/components/ui/spinner';
import { api } from '@web/lib/api-client';
import { useState } from 'react';
import { DownloadButton } from '../components/download-button';

// « Reçus annuels »: for a chosen year, one PDF per donor (by telephone) summing the donations received,
// one by one or all in a zip.

const thisYear = new Date().getFullYear();
const YEARS = Array.from({ length: 6 }, (_, i) => String(thisYear - i));

export function YearReceiptsView() {
  const [year, setYear] = useState(String(thisYear));
  const donors = useQuery({
    queryKey: ['admin', 'year-receipts', year],
    queryFn: () => api.get<YearDonor[]>(`/admin/year-receipts?year=${year}`),
  });
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
            onChange={(e) => setYear(e.target.value)}
          />
        </div>
        {donors.data && donors.data.length > 0 && (
          <DownloadButton
            path={`/admin/year-receipts/zip?year=${year}`}
            fileName={`recus-annuels-${year}.zip`}
            label="Tout télécharger (zip)"
          />
        )}
      </div>
      {donors.isError ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 font-medium text-red-800">
          Erreur lors de la récupération des donateurs.
        </p>
      ) : !donors.data ? (
        <Spinner />
      ) : (
        <DataTable
          caption={`Donateurs ${year}`}
          columns={[
            { key: 'name', header: 'Donateur', render: (d) => d.name ?? '—' },
            { key: 'telephone', header: 'Téléphone', render: (d) => <span className="whitespace-nowrap">{d.telephone}</span> },
            { key: 'count', header: 'Dons', render: (d) => d.count },
            { key: 'total', header: 'Total', render: (d) => <span className="whitespace-nowrap">{formatFcfa(d.total)}</span> },
            {
              key: 'pdf',
              header: 'Reçu',
              render: (d) => (
                <DownloadButton
                  path={`/admin/year-receipts/${encodeURIComponent(d.telephone)}/pdf?year=${year}`}
                  fileName={`recu-annuel-${year}.pdf`}
                  label="PDF"
                  description={`Reçu annuel ${year} de ${d.name ?? d.telephone}`}
                />
              ),
            },
          ]}
          rows={donors.data}
          rowKey={(d) => d.telephone}
          emptyText="Aucun don reçu cette année-là."
          page={1}
          total={donors.data.length}
          perPage={Math.max(1, donors.data.length)}
          onPageChange={() => undefined}
        />
      )}
    </section>
  );
}
