import { formatFcfa } from '@shared/format';
import { BOOKS_MESSAGES, type BookEntry } from '@shared/schemas/books';
import { Button } from '@web/components/ui/button';
import { SelectField } from '@web/components/ui/field';
import { ReasonDialog } from '@web/components/ui/reason-dialog';
import { api } from '@web/lib/api-client';
import { Spinner } from '@web/components/ui/spinner';
import { downloadFile } from '@web/lib/download-file';
import { notify } from '@web/lib/notify';
import { useState } from 'react';
import { useChart, useEntries, useLedger, useRefreshBooks, useTrialBalance } from './api';
import { dayText, NUM, Panel, Scroll, TD, TH } from './panel';

// The chart of accounts, the journal (entries with their lines), the ledger of one account and the trial balance.

const amount = (n: number) => (n === 0 ? '' : formatFcfa(n));

export function Downloads({ path, name }: { path: string; name: string }) {
  const get = (format: 'pdf' | 'csv', ext = format as string) =>
    downloadFile(`${path}${path.includes('?') ? '&' : '?'}format=${format}`, `${name}.${ext}`).catch(() =>
      notify.error('Téléchargement impossible.'),
    );
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" onClick={() => get('pdf')}>
        PDF
      </Button>
      <Button variant="secondary" onClick={() => get('csv')}>
        CSV
      </Button>
    </div>
  );
}

export function ChartPanel() {
  const chart = useChart();
  return (
    <Panel title="Plan comptable (SYCEBNL)">
      {chart.isPending ? (
        <Spinner />
      ) : (
        <Scroll label="Plan comptable">
          <table className="w-full text-sm">
            <thead>
              <tr>
                <th className={TH}>Compte</th>
                <th className={TH}>Intitulé</th>
                <th className={TH}>Classe</th>
              </tr>
            </thead>
            <tbody>
              {(chart.data ?? []).map((a) => (
                <tr key={a.number}>
                  <td className={`${TD} whitespace-nowrap font-mono`}>{a.number}</td>
                  <td className={TD}>{a.label}</td>
                  <td className={TD}>{a.class}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      )}
    </Panel>
  );
}

export function JournalPanel({ year }: { year: number }) {
  const entries = useEntries(year);
  const refresh = useRefreshBooks();
  const [reversing, setReversing] = useState<BookEntry | null>(null);
  // The counter-entry just posted: it is dated today, maybe in another year than the one shown, so it is shown here.
  const [reversal, setReversal] = useState<BookEntry | null>(null);
  const reverse = async (reason: string) => {
    if (!reversing) return;
    const posted = await api.post<BookEntry>(`/admin/books/entries/${reversing.id}/reverse`, { reason });
    setReversing(null);
    setReversal(posted);
    notify.success(`Écriture ${reversing.number} contre-passée par l’écriture ${posted.number}.`);
    refresh();
  };
  return (
    <Panel title={`Journal ${year}`} actions={<Downloads path={`/admin/books/journal?year=${year}`} name={`journal-${year}`} />}>
      {reversal ? (
        <section aria-label="Contre-passation enregistrée" className="rounded-md border border-emerald-700 bg-emerald-50 p-3">
          <p className="font-semibold text-emerald-900">
            Contre-passation enregistrée : écriture <span className="whitespace-nowrap">{reversal.number}</span> du{' '}
            <span className="whitespace-nowrap">{dayText(reversal.date)}</span>
          </p>
          <EntryLines entry={reversal} />
        </section>
      ) : null}
      {entries.isPending ? (
        <Spinner />
      ) : (entries.data ?? []).length === 0 ? (
        <p className="text-slate-700">Aucune écriture cette année.</p>
      ) : (
        <ol className="space-y-3">
          {(entries.data ?? []).map((e) => (
            <li key={e.id} className="rounded-md border border-slate-200 p-3">
              <p className="flex flex-wrap gap-x-3 font-semibold">
                <span className="whitespace-nowrap">{e.number}</span>
                <span className="whitespace-nowrap">{dayText(e.date)}</span>
                <span className="whitespace-nowrap">Journal {e.journal}</span>
                <span>{e.label}</span>
                {e.reference ? <span className="text-slate-600">Réf. {e.reference}</span> : null}
              </p>
              <EntryLines entry={e} />
              {e.reversed_by ? (
                <p className="mt-2 text-sm text-slate-700">Contre-passée par l’écriture {e.reversed_by}.</p>
              ) : e.manual && e.reverses === null ? (
                <Button variant="secondary" className="mt-2" onClick={() => setReversing(e)}>
                  Contre-passer
                </Button>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <ReasonDialog
        isOpen={reversing !== null}
        title={`Contre-passer l’écriture ${reversing?.number ?? ''}`}
        message={
          <p>
            L’écriture reste au journal : une écriture inverse, datée d’aujourd’hui, l’annule. Indiquez pourquoi, le motif est gardé dans
            son libellé et dans le journal d’audit.
          </p>
        }
        label="Motif de la contre-passation"
        requiredMessage={BOOKS_MESSAGES.reasonRequired}
        confirmLabel="Contre-passer"
        onCancel={() => setReversing(null)}
        onConfirm={reverse}
      />
    </Panel>
  );
}

function EntryLines({ entry }: { entry: BookEntry }) {
  return (
    <Scroll label={`Lignes de l’écriture ${entry.number}`}>
      <table className="mt-2 w-full text-sm">
        <thead>
          <tr>
            <th className={TH}>Compte</th>
            <th className={`${TH} text-right`}>Débit</th>
            <th className={`${TH} text-right`}>Crédit</th>
          </tr>
        </thead>
        <tbody>
          {entry.lines.map((l, i) => (
            <tr key={`${l.account}-${i}`}>
              <td className={`${TD} whitespace-nowrap font-mono`}>{l.account}</td>
              <td className={NUM}>{amount(l.debit)}</td>
              <td className={NUM}>{amount(l.credit)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Scroll>
  );
}

export function LedgerPanel({ year }: { year: number }) {
  const chart = useChart();
  const [account, setAccount] = useState('');
  const ledger = useLedger(year, account);
  const options = [
    { value: '', label: 'Choisir un compte' },
    ...(chart.data ?? []).map((a) => ({ value: a.number, label: `${a.number} ${a.label}` })),
  ];
  return (
    <Panel
      title={`Grand livre ${year}`}
      actions={
        account ? <Downloads path={`/admin/books/ledger?year=${year}&account=${account}`} name={`grand-livre-${account}-${year}`} /> : null
      }
    >
      <SelectField label="Compte" value={account} onChange={(e) => setAccount(e.target.value)} options={options} />
      {account && ledger.isPending ? <Spinner /> : null}
      {(ledger.data ?? []).map((a) => (
        <Scroll key={a.account} label={`Grand livre du compte ${a.account}`}>
          <table className="w-full text-sm">
            <caption className="text-left font-semibold">
              {a.account} {a.label}
            </caption>
            <thead>
              <tr>
                <th className={TH}>Date</th>
                <th className={TH}>Pièce</th>
                <th className={TH}>Libellé</th>
                <th className={`${TH} text-right`}>Débit</th>
                <th className={`${TH} text-right`}>Crédit</th>
                <th className={`${TH} text-right`}>Solde</th>
              </tr>
            </thead>
            <tbody>
              {a.lines.map((l, i) => (
                <tr key={`${l.entry}-${i}`}>
                  <td className={`${TD} whitespace-nowrap`}>{dayText(l.date)}</td>
                  <td className={`${TD} whitespace-nowrap`}>{l.number}</td>
                  <td className={TD}>{l.label}</td>
                  <td className={NUM}>{amount(l.debit)}</td>
                  <td className={NUM}>{amount(l.credit)}</td>
                  <td className={NUM}>{formatFcfa(l.balance)}</td>
                </tr>
              ))}
              <tr className="font-bold">
                <td className={TD} colSpan={3}>
                  Total
                </td>
                <td className={NUM}>{formatFcfa(a.debit)}</td>
                <td className={NUM}>{formatFcfa(a.credit)}</td>
                <td className={NUM}>{formatFcfa(a.balance)}</td>
              </tr>
            </tbody>
          </table>
        </Scroll>
      ))}
    </Panel>
  );
}

// Below 640 px each account is a card (CSS only, the same markup, as the back office's tables do): its number and
// label on top, then « Débit », « Crédit », « Solde » each on its own line with its amount, so nothing scrolls sideways.
const CARD_ROW = 'max-sm:block max-sm:rounded-md max-sm:border max-sm:border-slate-200 max-sm:p-2';
const CARD_HEAD = 'max-sm:inline max-sm:border-0 max-sm:p-0 max-sm:pr-2';
const CARD_CELL =
  'max-sm:flex max-sm:justify-between max-sm:gap-2 max-sm:border-0 max-sm:px-0 max-sm:py-0.5 max-sm:before:font-normal max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)]';

export function TrialBalancePanel({ year }: { year: number }) {
  const trial = useTrialBalance(year);
  const lines = trial.data ?? [];
  const debit = lines.reduce((s, l) => s + l.debit, 0);
  const credit = lines.reduce((s, l) => s + l.credit, 0);
  return (
    <Panel title={`Balance ${year}`} actions={<Downloads path={`/admin/books/trial-balance?year=${year}`} name={`balance-${year}`} />}>
      {trial.isPending ? (
        <Spinner />
      ) : (
        <>
          <p role="status" className={debit === credit ? 'font-semibold text-emerald-800' : 'font-semibold text-red-800'}>
            {debit === credit ? 'La balance est équilibrée.' : 'La balance n’est pas équilibrée.'}
          </p>
          <Scroll label="Balance des comptes">
            <table className="w-full text-sm max-sm:block">
              <caption className="sr-only">Balance des comptes {year}</caption>
              <thead className="max-sm:sr-only">
                <tr>
                  <th className={TH}>Compte</th>
                  <th className={TH}>Intitulé</th>
                  <th className={`${TH} text-right`}>Débit</th>
                  <th className={`${TH} text-right`}>Crédit</th>
                  <th className={`${TH} text-right`}>Solde</th>
                </tr>
              </thead>
              <tbody className="max-sm:block max-sm:space-y-2">
                {lines.map((l) => (
                  <tr key={l.account} className={CARD_ROW}>
                    <td className={`${TD} whitespace-nowrap font-mono ${CARD_HEAD}`}>{l.account}</td>
                    <td className={`${TD} ${CARD_HEAD} max-sm:font-semibold`}>{l.label}</td>
                    <td data-label="Débit" className={`${NUM} ${CARD_CELL}`}>
                      {formatFcfa(l.debit)}
                    </td>
                    <td data-label="Crédit" className={`${NUM} ${CARD_CELL}`}>
                      {formatFcfa(l.credit)}
                    </td>
                    <td data-label="Solde" className={`${NUM} ${CARD_CELL}`}>
                      {formatFcfa(l.balance)}
                    </td>
                  </tr>
                ))}
                <tr className={`font-bold ${CARD_ROW}`}>
                  <td className={`${TD} ${CARD_HEAD}`} colSpan={2}>
                    Totaux
                  </td>
                  <td data-label="Débit" className={`${NUM} ${CARD_CELL}`}>
                    {formatFcfa(debit)}
                  </td>
                  <td data-label="Crédit" className={`${NUM} ${CARD_CELL}`}>
                    {formatFcfa(credit)}
                  </td>
                  <td data-label="Solde" className={`${NUM} ${CARD_CELL}`}>
                    {formatFcfa(debit - credit)}
                  </td>
                </tr>
              </tbody>
            </table>
          </Scroll>
        </>
      )}
    </Panel>
  );
}
