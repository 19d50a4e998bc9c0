import { formatFcfa } from '@shared/format';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { SelectField } from '@web/components/ui/field';
import { Spinner } from '@web/components/ui/spinner';
import { api } from '@web/lib/api-client';
import { notify } from '@web/lib/notify';
import { useState } from 'react';
import { useRefreshBooks, useStatements, useVerify, useYearStatus } from './api';
import { Downloads } from './books-tables';
import { dayText, errorText, Panel } from './panel';

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

export function ClosingPanel({ year }: { year: number }) {
  const status = useYearStatus(year);
  const verify = useVerify();
  const refresh = useRefreshBooks();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
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
  return (
    <Panel title={`Clôture de l’exercice ${year}`}>
      {status.data?.closed ? (
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
            ? `Chaîne des écritures vérifiée (${verify.data.entries} écritures).`
            : verify.data
              ? `Chaîne rompue à l’écriture n° ${verify.data.first_broken}.`
              : 'Vérification impossible.'}
      </p>
      <ConfirmDialog
        isOpen={asking}
        title={`Clôturer l’exercice ${year} ?`}
        message="Une fois clôturé, aucune écriture ne pourra être datée de cet exercice. Une réouverture devra être proposée par un administrateur et approuvée par un autre."
        onCancel={() => setAsking(false)}
        onConfirm={close}
        isPending={busy}
      />
    </Panel>
  );
}
