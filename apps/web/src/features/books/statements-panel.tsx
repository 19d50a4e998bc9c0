import { formatCotonouDateTime, formatFcfa } from '@shared/format';
import { BOOKS_MESSAGES, type Reopening } from '@shared/schemas/books';
import { useProfile } from '@web/components/account/use-profile';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { SelectField } from '@web/components/ui/field';
import { ReasonDialog } from '@web/components/ui/reason-dialog';
import { Spinner } from '@web/components/ui/spinner';
import { api } from '@web/lib/api-client';
import { notify } from '@web/lib/notify';
import { useState } from 'react';
import { useRefreshBooks, useReopenings, useStatements, useVerify, useYearStatus } from './api';
import { Downloads } from './books-tables';
import { dayText, errorText, Panel, todayText } from './panel';
import { closingWarnings } from './rules';

// The SYCEBNL statements (normal or minimal system) with their checks, PDF and CSV; the year's closing (confirmed
// first) and the hash chain's verification.

const Row = ({ label, value, strong = false }: { label: string; value: number; strong?: boolean }) => (
  <li className={`flex justify-between gap-4 py-1 ${strong ? 'border-t border-slate-200 font-bold' : ''}`}>
    <span>{label}</span>
    <span className="whitespace-nowrap tabular-nums">{formatFcfa(value)}</span>
  </li>
);

const Check = ({ ok, yes, no }: { ok: boolean; yes: string; no: string }) => (
  <li className={ok ? 'text-emerald-800' : 'text-red-800'}>{ok ? `✓ ${yes}` : `✗ ${no}`}</li>
);

export function StatementsPanel({ year }: { year: number }) {
  const [system, setSystem] = useState<'normal' | 'minimal'>('normal');
  const s = useStatements(year, system);
  const d = s.data;
  return (
    <Panel
      title={`États financiers ${year}`}
      actions={<Downloads path={`/admin/books/statements?year=${year}&system=${system}`} name={`etats-sycebnl-${year}`} />}
    >
      <SelectField
        label="Système"
        value={system}
        onChange={(e) => setSystem(e.target.value as 'normal' | 'minimal')}
        options={[
          { value: 'normal', label: 'Système normal' },
          { value: 'minimal', label: 'Système minimal de trésorerie' },
        ]}
      />
      {s.isPending ? <Spinner /> : null}
      {s.isError ? <p role="alert">{errorText(s.error)}</p> : null}
      {d ? (
        <div className="grid gap-4 md:grid-cols-2">
          <section>
            <h4 className="font-bold">Bilan — actif</h4>
            <ul>
              {d.balance_sheet.assets.map((l) => (
                <Row key={l.account} label={`${l.account} ${l.label}`} value={l.amount} />
              ))}
              <Row label="Total actif" value={d.balance_sheet.total_assets} strong />
            </ul>
          </section>
          <section>
            <h4 className="font-bold">Bilan — passif</h4>
            <ul>
              {d.balance_sheet.liabilities.map((l) => (
                <Row key={l.account} label={`${l.account} ${l.label}`} value={l.amount} />
              ))}
              <Row label="Total passif" value={d.balance_sheet.total_liabilities} strong />
            </ul>
          </section>
          <section>
            <h4 className="font-bold">Compte de résultat</h4>
            <ul>
              {d.income_statement.lines.map((l) => (
                <Row key={`${l.kind}-${l.account}`} label={`${l.account} ${l.label}`} value={l.kind === 'charge' ? -l.amount : l.amount} />
              ))}
              <Row label="Résultat de l’exercice" value={d.income_statement.result} strong />
            </ul>
          </section>
          {d.cash_flow ? (
            <section>
              <h4 className="font-bold">Tableau des flux de trésorerie</h4>
              <ul>
                <Row label="Trésorerie au 1er janvier" value={d.cash_flow.opening_cash} />
                <Row label="Encaissements" value={d.cash_flow.receipts} />
                <Row label="Décaissements" value={-d.cash_flow.payments} />
                <Row label="Trésorerie au 31 décembre" value={d.cash_flow.closing_cash} strong />
              </ul>
            </section>
          ) : null}
          <ul className="md:col-span-2">
            <Check ok={d.checks.balanced} yes="Actif = passif" no="Actif et passif diffèrent" />
            <Check ok={d.checks.results_agree} yes="Les résultats concordent" no="Les résultats diffèrent" />
            <Check ok={d.checks.cash_agrees} yes="La trésorerie égale les comptes de trésorerie" no="La trésorerie diffère des comptes" />
          </ul>
        </div>
      ) : null}
    </Panel>
  );
}

/** The gap between the books' cash (classes 52, 55, 57) and the treasury accounts at the year's end, 0 when they agree. */
export function useCashGap(year: number): number {
  const s = useStatements(year, 'normal');
  const flow = s.data?.cash_flow;
  return flow ? flow.closing_cash - flow.treasury_balances : 0;
}

/** « Écart avec la trésorerie : 3 000 FCFA », shown in every tab of the books while a manual entry on a cash account (or
 * anything else) makes the books' cash differ from the treasury's. */
export function CashGap({ year }: { year: number }) {
  const gap = useCashGap(year);
  if (gap === 0) return null;
  return (
    <p role="alert" className="rounded-md border border-amber-600 bg-amber-50 p-3 font-semibold text-amber-900">
      Écart avec la trésorerie : <span className="whitespace-nowrap">{formatFcfa(gap)}</span> — la trésorerie des comptes (52, 55, 57)
      diffère des soldes des comptes de trésorerie au 31/12/{year}. Une écriture manuelle sur un compte de banque, de mobile money ou de
      caisse en est souvent la cause.
    </p>
  );
}

export function ClosingPanel({ year }: { year: number }) {
  const status = useYearStatus(year);
  const verify = useVerify();
  const refresh = useRefreshBooks();
  const reopenings = useReopenings();
  const profile = useProfile();
  const gap = useCashGap(year);
  const [asking, setAsking] = useState(false);
  const [proposing, setProposing] = useState(false);
  const [busy, setBusy] = useState(false);
  const pending = (reopenings.data ?? []).find((r) => r.year === year && r.status === 'en_attente');
  const close = async () => {
    setBusy(true);
    try {
      const res = await api.post<{ message: string }>(`/admin/books/years/${year}/close`);
      notify.success(res.message);
      refresh();
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  const propose = async (reason: string) => {
    const res = await api.post<{ message: string }>(`/admin/books/years/${year}/reopen`, { reason });
    setProposing(false);
    notify.success(res.message);
    refresh();
  };
  const decide = async (r: Reopening, approve: boolean) => {
    setBusy(true);
    try {
      const res = await api.post<{ message: string }>(`/admin/books/reopenings/${r.id}/${approve ? 'approve' : 'reject'}`);
      notify.success(res.message);
      refresh();
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  const warnings = closingWarnings(year, todayText(), gap);
  return (
    <Panel title={`Clôture de l’exercice ${year}`}>
      {status.data?.closed ? (
        <>
          <p>
            Exercice clôturé{status.data.closed_at ? ` le ${dayText(status.data.closed_at)}` : ''}
            {status.data.result !== null ? (
              <>
                {' '}
                — résultat <span className="whitespace-nowrap">{formatFcfa(status.data.result)}</span>
              </>
            ) : null}
            .
          </p>
          {pending ? (
            <section aria-label="Réouverture proposée" className="space-y-2 rounded-md border border-amber-600 bg-amber-50 p-3">
              <p className="font-semibold text-amber-900">
                Réouverture proposée par {pending.proposed_by_name ?? 'un administrateur'} le {formatCotonouDateTime(pending.proposed_at)}
              </p>
              <p className="break-words">Motif : {pending.reason}</p>
              {pending.proposed_by === profile.data?.id ? (
                <p className="text-slate-700">Un autre administrateur doit l’approuver.</p>
              ) : (
                <div className="flex flex-wrap gap-2">
                  <Button onClick={() => decide(pending, true)} isLoading={busy} loadingText="En cours...">
                    Approuver la réouverture
                  </Button>
                  <Button variant="secondary" onClick={() => decide(pending, false)} disabled={busy}>
                    Refuser
                  </Button>
                </div>
              )}
            </section>
          ) : (
            <Button variant="secondary" onClick={() => setProposing(true)}>
              Proposer la réouverture
            </Button>
          )}
        </>
      ) : (
        <>
          <p>La clôture calcule le résultat, reporte les soldes sur l’exercice suivant et verrouille l’année.</p>
          <Button onClick={() => setAsking(true)} disabled={status.isPending}>
            Clôturer l’exercice {year}
          </Button>
        </>
      )}
      <p role="status" className={verify.data?.ok === false ? 'font-semibold text-red-800' : 'font-semibold text-emerald-800'}>
        {verify.isPending
          ? 'Vérification de la chaîne des écritures…'
          : verify.data?.ok
            ? BOOKS_MESSAGES.chainVerified(verify.data.entries)
            : verify.data
              ? verify.data.first_broken !== null
                ? BOOKS_MESSAGES.chainBroken(verify.data.first_broken)
                : !verify.data.head_ok
                  ? BOOKS_MESSAGES.chainHeadMissing
                  : BOOKS_MESSAGES.totalsBroken
              : 'Vérification impossible.'}
      </p>
      <ConfirmDialog
        isOpen={asking}
        title={warnings.length > 0 ? `Attention : clôturer l’exercice ${year} ?` : `Clôturer l’exercice ${year} ?`}
        message={[
          ...warnings,
          'Une fois clôturé, aucune écriture ne pourra être datée de cet exercice. Une réouverture devra être proposée par un administrateur et approuvée par un autre.',
        ].join(' ')}
        onCancel={() => setAsking(false)}
        onConfirm={close}
        isPending={busy}
      />
      <ReasonDialog
        isOpen={proposing}
        title={`Proposer la réouverture de ${year}`}
        message={
          <p>
            Un autre administrateur devra approuver la réouverture. Les à-nouveaux de {year + 1} seront alors contre-passés, et l’exercice
            pourra recevoir des écritures jusqu’à sa nouvelle clôture.
          </p>
        }
        label="Motif de la réouverture"
        requiredMessage={BOOKS_MESSAGES.reasonRequired}
        confirmLabel="Proposer la réouverture"
        onCancel={() => setProposing(false)}
        onConfirm={propose}
      />
    </Panel>
  );
}
