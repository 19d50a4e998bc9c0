import { DONATION_PURPOSE_LABELS, DONATION_PURPOSES } from '@shared/constants';
import { formatFcfa, formatNumber } from '@shared/format';
import type { Transparency } from '@shared/schemas/treasury';
import { useQuery } from '@tanstack/react-query';
import { PageTitle } from '@web/components/ui/page-title';
import { api } from '@web/lib/api-client';
import { lazy, Suspense, useState } from 'react';
import { Link } from '@web/lib/router';
import { monthName } from './months';

// /transparence: what the gifts raised and what was spent, per cause and by month, and the share of running costs.
// The page names no one; a month where a cause had fewer than 3 gifts is shown only in the year's total. The chart
// library loads after the figures, in its own chunk: the page itself stays light.

const TransparencyChart = lazy(() => import('./transparency-chart'));

const CAUSE_LABELS = ['Collecté', 'Dons', 'Dépensé'];
const SUMMARY_LABELS = ['Dons collectés', 'Dépenses', 'Part des frais de fonctionnement et financiers'];

const thisYear = () => Number(new Date(Date.now() + 3600_000).toISOString().slice(0, 4));

/** « 7,14 % »: two decimals, so 15 000 of 210 000 reads 7,14 % and not a rounded 7,10 %. */
export function formatShare(share: number): string {
  return `${new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(share * 100).replace(/\u202f/g, '\u00a0')}\u00a0%`;
}

// Figures never break inside (« 150 000 FCFA », « novembre 2026 »): the cell may wrap between words only.
const FIGURE = 'whitespace-nowrap';

function CauseCard({ cause }: { cause: Transparency['causes'][number] }) {
  const hasActivity = cause.donations !== 0 || cause.spent !== 0;
  return (
    <li id={cause.purpose} className="min-w-0 space-y-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h3 className="text-xl font-bold text-emerald-950">{cause.label}</h3>
      {/* On a phone, one figure per line (label left, figure right): three columns of 100 px cannot hold « 150 000 FCFA »
          unbroken. */}
      <dl className="grid grid-cols-1 gap-1 sm:grid-cols-3 sm:gap-2 sm:text-center">
        <div className="flex min-w-0 items-baseline justify-between gap-2 sm:block">
          <dt className="text-sm text-slate-600">Collecté</dt>
          <dd className="font-extrabold text-emerald-900">
            {cause.raised === null ? (
              <span className="text-sm font-semibold">moins de 3 dons</span>
            ) : (
              <span className={FIGURE}>{formatFcfa(cause.raised)}</span>
            )}
          </dd>
        </div>
        <div className="flex min-w-0 items-baseline justify-between gap-2 sm:block">
          <dt className="text-sm text-slate-600">Dons</dt>
          <dd className="font-extrabold text-emerald-900">{formatNumber(cause.donations)}</dd>
        </div>
        <div className="flex min-w-0 items-baseline justify-between gap-2 sm:block">
          <dt className="text-sm text-slate-600">Dépensé</dt>
          <dd className="font-extrabold text-amber-800">
            <span className={FIGURE}>{formatFcfa(cause.spent)}</span>
          </dd>
        </div>
      </dl>
      {cause.months.length > 0 ? (
        <>
          <Suspense fallback={<div className="h-56" />}>
            <TransparencyChart months={cause.months} />
          </Suspense>
          {/* Figures never break: on a narrow phone the month table scrolls inside its card (reachable by keyboard). */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={`${cause.label} par mois`}>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{`${cause.label} : collecté et dépensé par mois`}</caption>
              <thead>
                <tr className="border-b border-slate-200">
                  <th scope="col" className="py-1 pr-2">
                    Mois
                  </th>
                  <th scope="col" className="py-1 pr-2 text-right">
                    Collecté
                  </th>
                  <th scope="col" className="py-1 pr-2 text-right">
                    Dons
                  </th>
                  <th scope="col" className="py-1 text-right">
                    Dépensé
                  </th>
                </tr>
              </thead>
              <tbody>
                {cause.months.map((m) => (
                  <tr key={m.month} className="border-b border-slate-100">
                    <th scope="row" className="whitespace-nowrap py-1 pr-2 font-normal">
                      {monthName(m.month)}
                    </th>
                    <td className="whitespace-nowrap py-1 pr-2 text-right">{m.donations > 0 ? formatFcfa(m.raised) : '—'}</td>
                    <td className="py-1 pr-2 text-right">{m.donations > 0 ? formatNumber(m.donations) : '—'}</td>
                    <td className="whitespace-nowrap py-1 text-right">{formatFcfa(m.spent)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
      {cause.raised === null ? (
        <p className="text-sm text-slate-700">
          Moins de 3 dons cette année : le montant n’est pas publié, pour que personne ne soit reconnaissable.
        </p>
      ) : cause.other_months.donations > 0 && cause.other_months.raised !== null ? (
        <p className="text-sm text-slate-700">
          Autres mois de l’année (moins de 3 dons par mois, regroupés pour que personne ne soit reconnaissable) :{' '}
          <span className={FIGURE}>{formatFcfa(cause.other_months.raised)}</span> en {formatNumber(cause.other_months.donations)} don
          {cause.other_months.donations > 1 ? 's' : ''}.
        </p>
      ) : null}
      {!hasActivity ? <p className="text-slate-600">Aucun mouvement cette année.</p> : null}
    </li>
  );
}

export default function TransparencyPage() {
  const [year, setYear] = useState(thisYear);
  const figures = useQuery({
    queryKey: ['transparency', year],
    queryFn: () => api.get<Transparency>('/transparency', { query: { year } }),
  });
  const data = figures.data;
  return (
    // Figures keep their no-break spaces and never break inside (no overflow-wrap:anywhere): « 150 000 FCFA » stays on
    // one line; long words may still wrap between words (break-words) rather than widen a 360 px screen.
    <article className="mx-auto max-w-5xl space-y-6 break-words px-4 py-10">
      <PageTitle title="Transparence financière">Transparence financière</PageTitle>
      <p className="text-lg text-slate-800">
        Ce que vos dons ont permis de collecter et ce que l’association a dépensé, cause par cause. Aucun donateur n’est nommé ici.
      </p>
      {data && data.years.length > 1 ? (
        <label className="flex max-w-xs flex-col gap-1 font-medium text-slate-800">
          Année
          <select
            value={year}
            onChange={(e) => setYear(Number(e.target.value))}
            className="rounded-md border border-slate-400 bg-white px-3 py-2 focus-visible:ring-2 focus-visible:ring-emerald-700"
          >
            {data.years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {figures.isError ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-red-800">
          Les chiffres ne peuvent pas être affichés pour le moment. Veuillez réessayer.
        </p>
      ) : !data ? (
        // The page's frame while the figures load (and in the prerendered page): the summary and one card per cause (the
        // answer always lists every purpose), filled in place; nothing below moves into or out of the first screen when
        // they arrive (issue #32, layout shift).
        <>
          <section aria-hidden="true" className="rounded-xl bg-emerald-900 p-6 text-white">
            {/* Not the year: the prerendered page was built on another day than the visit. */}
            <p className="mb-4 text-xl font-bold">Cette année</p>
            <dl className="grid gap-4 sm:grid-cols-3">
              {SUMMARY_LABELS.map((label) => (
                <div key={label} className="min-w-0">
                  <dt className="text-emerald-100">{label}</dt>
                  <dd className="text-2xl font-extrabold text-amber-300">…</dd>
                </div>
              ))}
            </dl>
          </section>
          <section aria-hidden="true" className="space-y-4">
            <p className="text-2xl font-bold text-emerald-950">Par cause</p>
            <ul className="grid grid-cols-[minmax(0,1fr)] gap-4 md:grid-cols-2">
              {DONATION_PURPOSES.map((purpose) => (
                <li key={purpose} className="space-y-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
                  <p className="text-xl font-bold text-emerald-950">{DONATION_PURPOSE_LABELS[purpose]}</p>
                  <dl className="grid grid-cols-1 gap-1 sm:grid-cols-3 sm:gap-2 sm:text-center">
                    {CAUSE_LABELS.map((label) => (
                      <div key={label} className="flex min-w-0 items-baseline justify-between gap-2 sm:block">
                        <dt className="text-sm text-slate-600">{label}</dt>
                        <dd className="font-extrabold text-emerald-900">…</dd>
                      </div>
                    ))}
                  </dl>
                </li>
              ))}
            </ul>
          </section>
          {/* Last: the two sections keep their places (React reuses them for the figures, nothing moves). */}
          <p role="status" className="sr-only">
            Chargement des chiffres…
          </p>
        </>
      ) : (
        <>
          <section aria-labelledby="summary-title" className="rounded-xl bg-emerald-900 p-6 text-white">
            <h2 id="summary-title" className="mb-4 text-xl font-bold">
              En {data.year}
            </h2>
            <dl className="grid gap-4 sm:grid-cols-3">
              <div className="min-w-0">
                <dt className="text-emerald-100">Dons collectés</dt>
                <dd className={`text-2xl font-extrabold text-amber-300 ${FIGURE}`}>{formatFcfa(data.raised)}</dd>
              </div>
              <div>
                <dt className="text-emerald-100">Dépenses</dt>
                <dd className={`text-2xl font-extrabold text-amber-300 ${FIGURE}`}>{formatFcfa(data.spent)}</dd>
              </div>
              <div>
                <dt className="text-emerald-100">Part des frais de fonctionnement et financiers</dt>
                <dd className="text-2xl font-extrabold text-amber-300">
                  <span className={FIGURE}>{formatShare(data.running_costs.share)}</span>
                </dd>
                <dd className="text-emerald-100">
                  soit <span className={FIGURE}>{formatFcfa(data.running_costs.total)}</span> (fonctionnement{' '}
                  <span className={FIGURE}>{formatFcfa(data.running_costs.fonctionnement)}</span>, frais financiers{' '}
                  <span className={FIGURE}>{formatFcfa(data.running_costs.frais_financiers)}</span>)
                </dd>
              </div>
            </dl>
          </section>
          <section aria-labelledby="causes-title" className="space-y-4">
            <h2 id="causes-title" className="text-2xl font-bold text-emerald-950">
              Par cause
            </h2>
            <ul className="grid grid-cols-[minmax(0,1fr)] gap-4 md:grid-cols-2">
              {data.causes.map((c) => (
                <CauseCard key={c.purpose} cause={c} />
              ))}
            </ul>
          </section>
        </>
      )}
      <p>
        <Link
          to="/donation"
          className="inline-block rounded-md bg-orange-700 px-6 py-3 text-lg font-semibold text-white hover:bg-orange-800"
        >
          Faire un don
        </Link>
      </p>
    </article>
  );
}
