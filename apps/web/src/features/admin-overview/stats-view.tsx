import { ROLE_LABELS, type Role, ROLES } from '@shared/constants';
import { formatFcfa, formatNumber } from '@shared/format';
import { Spinner } from '@web/components/ui/spinner';
import { lazy, type ReactNode, Suspense } from 'react';
import { fetchError } from '@web/components/admin/admin-texts';
import { type AdminStats, monthLabel, needsChartHeight, pivotNeeds, useAdminStats } from './api';
import type { ListView } from './addresses';

const MoneyChart = lazy(() => import('./stats-charts').then((m) => ({ default: m.MoneyChart })));
const MessagesChart = lazy(() => import('./stats-charts').then((m) => ({ default: m.MessagesChart })));
const NeedsChart = lazy(() => import('./stats-charts').then((m) => ({ default: m.NeedsChart })));

const cell = 'px-3 py-2';

/**
 * A chart's place, at the chart's height before its code arrives: the spinner alone was ~250 px shorter, so each chart
 * that loaded pushed what is below it down, under a finger about to tap « Voir les données par zone ».
 */
function ChartSlot({ className, height, children }: { className?: string; height?: number; children: ReactNode }) {
  return (
    <div className={className} style={height === undefined ? undefined : { height }}>
      <Suspense fallback={<Spinner label="Chargement du graphique…" />}>{children}</Suspense>
    </div>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg bg-white p-4 shadow-sm">
      <h3 className="mb-3 text-lg font-bold text-emerald-950">{title}</h3>
      {children}
    </section>
  );
}

/** The figures behind a chart, folded under it: a table with one header row and the rows given. */
function DataTable({ summary, caption, columns, children }: { summary: string; caption: string; columns: ReactNode; children: ReactNode }) {
  return (
    <details className="mt-3">
      <summary className="min-h-11 cursor-pointer py-2 font-semibold text-emerald-900">{summary}</summary>
      <div className="overflow-x-auto">
        <table className="min-w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-100">
            <tr>{columns}</tr>
          </thead>
          <tbody className="divide-y divide-slate-100">{children}</tbody>
        </table>
      </div>
    </details>
  );
}

const ColumnHeader = ({ children }: { children: ReactNode }) => (
  <th scope="col" className={cell}>
    {children}
  </th>
);

const RowHeader = ({ children }: { children: ReactNode }) => (
  <th scope="row" className={`${cell} font-medium`}>
    {children}
  </th>
);

function Figure({ label, value, onOpen, actionLabel }: { label: string; value: number; onOpen?: () => void; actionLabel?: string }) {
  return (
    <div className="flex flex-col gap-1 rounded-lg bg-white p-4 shadow-sm">
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="text-3xl font-extrabold text-emerald-900">{formatNumber(value)}</dd>
      {onOpen && value > 0 ? (
        <dd>
          <button type="button" onClick={onOpen} className="min-h-11 text-sm font-semibold text-emerald-800 underline underline-offset-2">
            {actionLabel}
          </button>
        </dd>
      ) : null}
    </div>
  );
}

function MoneySection({ monthly }: { monthly: AdminStats['monthly'] }) {
  const donations = monthly.reduce((s, m) => s + m.donations_total, 0);
  const payments = monthly.reduce((s, m) => s + m.payments_total, 0);
  return (
    <Card title="Dons et paiements approuvés (12 derniers mois)">
      <p className="mb-3 text-slate-800">
        Total des dons : <strong>{formatFcfa(donations)}</strong> — total des paiements : <strong>{formatFcfa(payments)}</strong>.
      </p>
      <ChartSlot className="h-72">
        <MoneyChart monthly={monthly} />
      </ChartSlot>
      <DataTable
        summary="Voir les données par mois"
        caption="Dons et paiements approuvés par mois"
        columns={
          <>
            <ColumnHeader>Mois</ColumnHeader>
            <ColumnHeader>Dons</ColumnHeader>
            <ColumnHeader>Paiements</ColumnHeader>
          </>
        }
      >
        {monthly.map((m) => (
          <tr key={m.month}>
            <RowHeader>{monthLabel(m.month)}</RowHeader>
            <td className={`${cell} whitespace-nowrap`}>
              {formatFcfa(m.donations_total)} ({m.donations_count})
            </td>
            <td className={`${cell} whitespace-nowrap`}>
              {formatFcfa(m.payments_total)} ({m.payments_count})
            </td>
          </tr>
        ))}
      </DataTable>
    </Card>
  );
}

function MessagesSection({ months }: { months: AdminStats['messages_by_channel'] }) {
  const total = (key: 'sms' | 'whatsapp' | 'email') => months.reduce((s, m) => s + m[key], 0);
  return (
    <Card title="Messages envoyés par canal (12 derniers mois)">
      <p className="mb-3 text-slate-800">
        SMS : <strong>{formatNumber(total('sms'))}</strong> — WhatsApp : <strong>{formatNumber(total('whatsapp'))}</strong> — e-mails :{' '}
        <strong>{formatNumber(total('email'))}</strong>.
      </p>
      <ChartSlot className="h-64">
        <MessagesChart months={months} />
      </ChartSlot>
      <DataTable
        summary="Voir les messages par mois"
        caption="Messages envoyés par mois et par canal"
        columns={
          <>
            <ColumnHeader>Mois</ColumnHeader>
            <ColumnHeader>SMS</ColumnHeader>
            <ColumnHeader>WhatsApp</ColumnHeader>
            <ColumnHeader>E-mail</ColumnHeader>
          </>
        }
      >
        {months.map((m) => (
          <tr key={m.month}>
            <RowHeader>{monthLabel(m.month)}</RowHeader>
            <td className={cell}>{formatNumber(m.sms)}</td>
            <td className={cell}>{formatNumber(m.whatsapp)}</td>
            <td className={cell}>{formatNumber(m.email)}</td>
          </tr>
        ))}
      </DataTable>
    </Card>
  );
}

function NeedsSection({ rows }: { rows: AdminStats['needs_by_zone'] }) {
  const { zones, needs } = pivotNeeds(rows);
  if (zones.length === 0) {
    return (
      <Card title="Besoins exprimés par zone">
        <p className="text-slate-700">Aucun questionnaire rempli pour le moment.</p>
      </Card>
    );
  }
  const top = zones[0]!;
  const topNeed = needs.reduce((best, n) => ((top.byNeed[n] ?? 0) > (top.byNeed[best] ?? 0) ? n : best), needs[0]!);
  return (
    <Card title="Besoins exprimés par zone">
      <p className="mb-3 text-slate-800">
        Zone la plus demandeuse&nbsp;: <strong>{top.zone}</strong> ({formatNumber(top.total)} besoins exprimés, surtout «&nbsp;{topNeed}
        &nbsp;»).
      </p>
      <ChartSlot height={needsChartHeight(zones.length)}>
        <NeedsChart zones={zones} needs={needs} />
      </ChartSlot>
      <DataTable
        summary="Voir les données par zone"
        caption="Nombre de questionnaires citant chaque besoin, par zone"
        columns={
          <>
            <ColumnHeader>Zone</ColumnHeader>
            {needs.map((n) => (
              <ColumnHeader key={n}>{n}</ColumnHeader>
            ))}
            <ColumnHeader>Total</ColumnHeader>
          </>
        }
      >
        {zones.map((z) => (
          <tr key={z.zone}>
            <RowHeader>{z.zone}</RowHeader>
            {needs.map((n) => (
              <td key={n} className={cell}>
                {z.byNeed[n] ?? 0}
              </td>
            ))}
            <td className={`${cell} font-semibold`}>{z.total}</td>
          </tr>
        ))}
      </DataTable>
    </Card>
  );
}

export function StatsView({ onOpen }: { onOpen: (view: ListView) => void }) {
  const stats = useAdminStats();
  return (
    <section aria-labelledby="stats-title" className="space-y-6">
      <h2 id="stats-title" className="text-2xl font-bold text-emerald-950">
        Statistiques
      </h2>
      {stats.isError ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 font-medium text-red-800">
          {fetchError('des statistiques')}
        </p>
      ) : !stats.data ? (
        <Spinner />
      ) : (
        <>
          <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <Figure
              label="Comptes en attente de confirmation"
              value={stats.data.counts.unconfirmed_accounts}
              onOpen={() => onOpen('confirmer-compte')}
              actionLabel="Confirmer les comptes"
            />
            <Figure
              label="Volontaires en attente de confirmation"
              value={stats.data.counts.unconfirmed_volunteers}
              onOpen={() => onOpen('confirmer-volontaire')}
              actionLabel="Confirmer les volontaires"
            />
            <Figure
              label="Témoignages à modérer"
              value={stats.data.counts.pending_testimonials}
              onOpen={() => onOpen('temoignages')}
              actionLabel="Modérer les témoignages"
            />
          </dl>
          <Card title="Comptes par rôle">
            <dl className="grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-4">
              {ROLES.map((role: Role) => (
                <div key={role} className="flex flex-col">
                  <dt className="text-sm text-slate-700">{ROLE_LABELS[role]}</dt>
                  <dd className="text-xl font-bold text-slate-900">{formatNumber(stats.data.counts.users_by_role[role])}</dd>
                </div>
              ))}
            </dl>
          </Card>
          <MoneySection monthly={stats.data.monthly} />
          <MessagesSection months={stats.data.messages_by_channel} />
          <NeedsSection rows={stats.data.needs_by_zone} />
        </>
      )}
    </section>
  );
}
