import { formatCotonouDateTime } from '@shared/format';
import { DownloadButton } from '@web/components/admin/download-button';
import { Button } from '@web/components/ui/button';
import { useState } from 'react';
import { startYearReceiptsJob, useLatestYearReceiptsJob, useYearReceiptsJob } from './api';

// The year's ZIP of receipts is made on the server (thousands of PDFs take minutes): the administrator starts it,
// follows a progress bar, then downloads the file once it is ready. The year's newest job is shown on arrival, so
// a preparation started earlier (by this administrator or another) is followed, or its file downloaded, again.

export function YearReceiptsZipJob({ year }: { year: string }) {
  const latest = useLatestYearReceiptsJob(year);
  const [started, setStarted] = useState<{ year: string; id: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const id = started && started.year === year ? started.id : (latest.data?.id ?? null);
  const job = useYearReceiptsJob(id);

  const start = async () => {
    setError(null);
    try {
      const created = await startYearReceiptsJob(year);
      setStarted({ year, id: created.id });
    } catch {
      setError('Impossible de lancer la préparation des reçus. Veuillez réessayer.');
    }
  };

  const data = job.data ?? latest.data ?? null;
  const starting = started !== null && started.year === year && !job.data;
  return (
    <div className="space-y-2">
      {latest.isPending ? null : data?.status !== 'running' ? (
        <Button type="button" variant="secondary" onClick={start} disabled={starting}>
          {data?.status === 'done' ? 'Préparer à nouveau (zip)' : 'Préparer tous les reçus (zip)'}
        </Button>
      ) : null}
      {data?.status === 'running' && (
        <div className="w-64 space-y-1">
          <div
            role="progressbar"
            aria-label={`Préparation des reçus annuels ${year}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={data.progress}
            className="h-3 w-full overflow-hidden rounded-full bg-emerald-100"
          >
            <div className="h-full bg-emerald-700 transition-all" style={{ width: `${data.progress}%` }} />
          </div>
          <p className="text-sm text-slate-700">
            Préparation… {data.done}
            {data.total !== null ? ` / ${data.total}` : ''} reçus ({data.progress} %)
          </p>
        </div>
      )}
      {data?.status === 'done' && data.download_url && (
        <div className="space-y-1">
          <DownloadButton
            path={data.download_url.replace(/^\/api/, '')}
            fileName={`recus-annuels-${year}.zip`}
            label={`Télécharger les ${data.total ?? data.done} reçus (zip)`}
          />
          {data.finished_at && <p className="text-xs text-slate-600">Préparés le {formatCotonouDateTime(data.finished_at)}</p>}
        </div>
      )}
      {(error || data?.status === 'failed') && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {error ?? data?.error ?? 'La préparation des reçus annuels a échoué. Veuillez réessayer.'}
        </p>
      )}
    </div>
  );
}
