import { DONATION_PURPOSE_LABELS, type DonationPurpose } from '@shared/constants';
import { formatFcfa, formatNumber } from '@shared/format';
import { progressPercent } from '@shared/zod-free/cause-progress';
import { useCauseProgress } from '@web/lib/use-cause-progress';

/** What a purpose has raised, how many gifts, and the progress towards its goal when one is set (docs/product/donors.md). */
export function CauseProgressBar({ purpose }: { purpose: DonationPurpose }) {
  const item = useCauseProgress(purpose);
  // Reserves its height while loading, so nothing below moves when the figures arrive.
  if (!item) return <div className="min-h-16" aria-hidden="true" />;
  const percent = progressPercent(item);
  const gifts = item.donors === 1 ? '1 don' : `${formatNumber(item.donors)} dons`;
  return (
    <div className="min-h-16 rounded-lg bg-emerald-50 p-4 text-emerald-950 ring-1 ring-emerald-200">
      <p>
        <span className="text-lg font-bold">{formatFcfa(item.raised)}</span> collectés pour « {DONATION_PURPOSE_LABELS[purpose]} » · {gifts}
      </p>
      {percent !== null && item.goal ? (
        <>
          <div
            role="progressbar"
            aria-label={`Objectif ${DONATION_PURPOSE_LABELS[purpose]}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${percent} % de l'objectif de ${formatFcfa(item.goal)}`}
            className="mt-2 h-3 w-full overflow-hidden rounded-full bg-white ring-1 ring-emerald-300"
          >
            <div className="h-full rounded-full bg-emerald-700" style={{ width: `${percent}%` }} />
          </div>
          <p className="mt-1 text-sm">
            {percent}&nbsp;% de l'objectif de {formatFcfa(item.goal)}
          </p>
        </>
      ) : null}
    </div>
  );
}
