import { formatCotonouDateTime } from '@shared/format';
import {
  RETENTION_COUNT_LABELS,
  RETENTION_STATUS_LABELS,
  RETENTION_TRIGGER_LABELS,
  type RetentionCountKey,
} from '@shared/schemas/privacy-registers';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { notify } from '@web/lib/notify';
import { useState } from 'react';
import { startRetentionRun, useRetentionRuns } from './registers-api';

// The retention job's last runs with what each removed (counts, never contents), and « Lancer maintenant ».

export function RetentionRunsPanel() {
  const runs = useRetentionRuns();
  const queryClient = useQueryClient();
  const [isBusy, setBusy] = useState(false);
  return (
    <section aria-labelledby="retention-title" className="space-y-4">
      <h2 id="retention-title" className="text-2xl font-bold text-emerald-950">
        Conservation des données
      </h2>
      <p className="text-slate-700">
        Chaque jour, les données dont la durée de conservation est dépassée sont supprimées. Voici les derniers passages et ce qu’ils ont
        supprimé.
      </p>
      <Button
        type="button"
        disabled={isBusy}
        onClick={async () => {
          setBusy(true);
          try {
            await startRetentionRun();
            notify.success('Passage de conservation terminé.');
            void queryClient.invalidateQueries({ queryKey: ['admin', 'privacy', 'retention-runs'] });
          } catch {
            notify.error('Le passage de conservation a échoué.');
          } finally {
            setBusy(false);
          }
        }}
      >
        Lancer maintenant
      </Button>
      {runs.isError ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 font-medium text-red-800">
          Erreur lors de la récupération des passages.
        </p>
      ) : !runs.data ? (
        <Spinner />
      ) : runs.data.length === 0 ? (
        <p className="text-slate-700">Aucun passage pour l’instant.</p>
      ) : (
        <ul className="space-y-3" aria-label="Derniers passages">
          {runs.data.map((run) => {
            const removed = (Object.keys(RETENTION_COUNT_LABELS) as RetentionCountKey[]).filter((k) => (run.counts[k] ?? 0) > 0);
            return (
              <li key={run.id} className="rounded-lg bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200">
                <p className="font-semibold text-emerald-950">
                  {formatCotonouDateTime(run.started_at)} — {RETENTION_STATUS_LABELS[run.status]}
                </p>
                <p className="text-slate-600">
                  {RETENTION_TRIGGER_LABELS[run.trigger]}
                  {run.started_by_name ? ` (${run.started_by_name})` : ''}
                </p>
                {run.error && <p className="text-red-800">{run.error}</p>}
                {removed.length === 0 ? (
                  <p className="text-slate-700">Rien à supprimer.</p>
                ) : (
                  <ul className="mt-1 list-disc pl-5 text-slate-800">
                    {removed.map((k) => (
                      <li key={k}>
                        {RETENTION_COUNT_LABELS[k]} : {run.counts[k]}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
