import { formatCotonouDateTime, formatDate, formatFcfa } from '@shared/format';
import { EXPENSE_CATEGORIES, EXPENSE_CATEGORY_LABELS, type Statement, TREASURY_MESSAGES } from '@shared/schemas/treasury';
import { Button } from '@web/components/ui/button';
import { SelectField, TextField } from '@web/components/ui/field';
import { ReasonDialog } from '@web/components/ui/reason-dialog';
import { api } from '@web/lib/api-client';
import { notify } from '@web/lib/notify';
import { useSearchParams } from '@web/lib/router';
import { type FormEvent, useState } from 'react';
import { useAccounts, useRefreshTreasury, useStatement, useStatements } from '../api';
import { errorText, optionsOf, Panel } from './panel';

// A bank or mobile-money statement (CSV) against the books: the columns named once, automatic matches, then what is
// left on both sides, matched by hand or booked as an expense or a receipt; the statement's balance beside the book's.
// Every reconciliation is kept on the server: the one open is in the address (?releve=), the past ones are listed
// with who imported them, and each shows its history (who matched what, when).

export function ReconciliationPanel() {
  const accounts = useAccounts();
  const refresh = useRefreshTreasury();
  const [params, setParams] = useSearchParams();
  const statementId = Number(params.get('releve')) > 0 ? Number(params.get('releve')) : null;
  const setStatementId = (id: number | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id === null) next.delete('releve');
        else next.set('releve', String(id));
        return next;
      },
      { replace: true },
    );
  const statement = useStatement(statementId);
  const [mapping, setMapping] = useState({ date: 'Date', label: 'Libellé', amount: 'Montant', reference: 'Référence', balance: 'Solde' });
  const [isSending, setSending] = useState(false);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const body = new FormData();
    body.append('account', String(data.get('account') ?? ''));
    body.append('mapping', JSON.stringify(Object.fromEntries(Object.entries(mapping).filter(([, v]) => v.trim() !== ''))));
    const file = data.get('file');
    if (file instanceof File && file.size > 0) body.append('file', file);
    setSending(true);
    try {
      const res = await api.post<Statement>('/admin/treasury/statements', body);
      setStatementId(res.id);
      notify.success(`${res.matched} ligne(s) rapprochée(s) automatiquement.`);
      refresh();
    } catch (error) {
      const errs = (error as { errors?: Record<string, string[]> }).errors;
      notify.error(Object.values(errs ?? {})[0]?.[0] ?? errorText(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="space-y-4">
      <Panel title="Importer un relevé">
        <form onSubmit={submit} aria-label="Importer un relevé" className="grid gap-3 sm:grid-cols-2">
          <SelectField name="account" label="Compte" options={(accounts.data ?? []).map((a) => ({ value: String(a.id), label: a.name }))} />
          <TextField name="file" label="Relevé (CSV)" type="file" accept=".csv,text/csv" />
          {(['date', 'label', 'amount', 'reference', 'balance'] as const).map((k) => (
            <TextField
              key={k}
              label={`Colonne ${{ date: 'date', label: 'libellé', amount: 'montant (négatif pour une sortie)', reference: 'référence (facultative)', balance: 'solde (facultative)' }[k]}`}
              value={mapping[k]}
              onChange={(e) => setMapping((m) => ({ ...m, [k]: e.target.value }))}
            />
          ))}
          <div className="sm:col-span-2">
            <Button type="submit" isLoading={isSending} loadingText="Rapprochement…">
              Rapprocher
            </Button>
          </div>
        </form>
      </Panel>
      {statement.data ? <StatementResult statement={statement.data} onChange={() => void statement.refetch().then(refresh)} /> : null}
      <PastStatements current={statementId} onOpen={setStatementId} />
    </div>
  );
}

function PastStatements({ current, onOpen }: { current: number | null; onOpen: (id: number) => void }) {
  const list = useStatements();
  if (!list.data || list.data.length === 0) return null;
  return (
    <Panel title="Rapprochements précédents">
      <ul className="space-y-2">
        {list.data.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 p-3">
            <div className="min-w-0">
              <p className="font-semibold text-slate-900">
                {s.account_name} — du <span className="whitespace-nowrap">{formatDate(s.period_start)}</span> au{' '}
                <span className="whitespace-nowrap">{formatDate(s.period_end)}</span>
              </p>
              <p className="text-sm text-slate-700">
                Importé le {formatCotonouDateTime(s.created_at)}
                {s.created_by ? ` par ${s.created_by}` : ''} — {s.matched} / {s.lines} ligne(s) rapprochée(s)
                {s.matched === s.lines ? ' — complet' : ''}
              </p>
            </div>
            <Button variant="secondary" disabled={current === s.id} onClick={() => onOpen(s.id)}>
              {current === s.id ? 'Ouvert' : 'Ouvrir'}
            </Button>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

function StatementResult({ statement, onChange }: { statement: Statement; onChange: () => void }) {
  const [busy, setBusy] = useState(false);
  const [cancelling, setCancelling] = useState<Statement['lines'][number] | null>(null);
  const booked = statement.lines.filter((l) => l.match === 'saisie');
  // The dialog shows the server's error on `reason`, or its message (a line booked as a still active expense).
  const cancelLine = async (reason: string) => {
    if (!cancelling) return;
    const res = await api.post<{ message: string }>(`/admin/treasury/statements/${statement.id}/lines/${cancelling.id}/cancel`, { reason });
    setCancelling(null);
    notify.success(res.message);
    onChange();
  };
  const post = async (path: string, body: object) => {
    setBusy(true);
    try {
      await api.post(path, body);
      onChange();
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Panel title={`Relevé du ${formatDate(statement.period_start)} au ${formatDate(statement.period_end)} — ${statement.account_name}`}>
      <p className="text-sm text-slate-700">
        Importé le {formatCotonouDateTime(statement.created_at)}
        {statement.created_by ? ` par ${statement.created_by}` : ''}
        {statement.filename ? ` (${statement.filename})` : ''}
      </p>
      <dl className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <dt className="text-sm text-slate-600">Solde du relevé</dt>
          <dd className="font-bold">{statement.statement_balance === null ? 'Non indiqué' : formatFcfa(statement.statement_balance)}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">Solde des comptes à la même date</dt>
          <dd className="font-bold">{formatFcfa(statement.book_balance)}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">Lignes rapprochées</dt>
          <dd className="font-bold">
            {statement.matched} / {statement.lines.length}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">Écart</dt>
          <dd className={`font-bold ${statement.gap === 0 ? 'text-emerald-900' : 'text-red-800'}`} data-testid="ecart">
            {formatFcfa(statement.gap)}
          </dd>
        </div>
      </dl>
      {statement.complete ? (
        <p role="status" className="font-semibold text-emerald-900">
          Rapprochement complet : chaque ligne du relevé a son écriture, écart {formatFcfa(0)}.
        </p>
      ) : null}
      <h4 className="font-bold text-emerald-950">Lignes du relevé sans écriture</h4>
      {statement.unmatched_lines.length === 0 ? <p>Toutes les lignes sont rapprochées.</p> : null}
      <ul className="space-y-3">
        {statement.unmatched_lines.map((l) => {
          const candidates = statement.unmatched_movements.filter((m) => m.amount === l.amount);
          return (
            <li key={l.id} className="space-y-2 rounded-md border border-slate-200 p-3">
              <p>
                <span className="whitespace-nowrap font-semibold">{formatDate(l.date)}</span> — {l.label} —{' '}
                <span className="font-semibold">{formatFcfa(l.amount)}</span>
                {l.reference ? ` — Réf. ${l.reference}` : ''}
              </p>
              <div className="flex flex-wrap gap-2">
                {candidates.map((m) => (
                  <Button
                    key={m.id}
                    variant="secondary"
                    disabled={busy}
                    onClick={() => post(`/admin/treasury/statements/${statement.id}/matches`, { line: l.id, movement: m.id })}
                  >
                    Rapprocher de « {m.label} » du {formatDate(m.date)}
                  </Button>
                ))}
                {l.amount < 0 ? (
                  <BookExpense
                    disabled={busy}
                    onBook={(category) =>
                      post(`/admin/treasury/statements/${statement.id}/lines/${l.id}/book`, { kind: 'depense', category })
                    }
                  />
                ) : (
                  <Button
                    variant="secondary"
                    disabled={busy}
                    onClick={() =>
                      post(`/admin/treasury/statements/${statement.id}/lines/${l.id}/book`, { kind: 'recette', nature: 'autre' })
                    }
                  >
                    Enregistrer en recette
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {booked.length > 0 ? (
        <>
          <h4 className="font-bold text-emerald-950">Lignes enregistrées depuis le relevé</h4>
          <ul className="space-y-2">
            {booked.map((l) => (
              <li key={l.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 p-3">
                <p>
                  <span className="whitespace-nowrap font-semibold">{formatDate(l.date)}</span> — {l.label} —{' '}
                  <span className="font-semibold">{formatFcfa(l.amount)}</span> — {l.expense ? 'en dépense' : 'en recette'}
                </p>
                <Button variant="secondary" disabled={busy} onClick={() => setCancelling(l)}>
                  Annuler l’enregistrement
                </Button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <ReasonDialog
        isOpen={cancelling !== null}
        title="Annuler l’enregistrement de la ligne"
        message={
          cancelling ? (
            <p>
              La ligne {cancelling.line} ({cancelling.label}, <span className="whitespace-nowrap">{formatFcfa(cancelling.amount)}</span>)
              redevient non rapprochée.{' '}
              {cancelling.expense
                ? 'Enregistrée en dépense : annulez d’abord la dépense, puis la ligne.'
                : 'Sa recette est contre-passée dans les comptes, jamais supprimée.'}
            </p>
          ) : null
        }
        label="Motif de l’annulation"
        requiredMessage={TREASURY_MESSAGES.reasonRequired}
        confirmLabel="Annuler l’enregistrement"
        cancelLabel="Ne pas annuler"
        max={300}
        onCancel={() => setCancelling(null)}
        onConfirm={cancelLine}
      />
      <h4 className="font-bold text-emerald-950">Écritures sans ligne de relevé</h4>
      {statement.unmatched_movements.length === 0 ? <p>Aucune.</p> : null}
      <ul className="space-y-1">
        {statement.unmatched_movements.map((m) => (
          <li key={m.id}>
            <span className="whitespace-nowrap">{formatDate(m.date)}</span> — {m.label} —{' '}
            <span className="font-semibold">{formatFcfa(m.amount)}</span>
          </li>
        ))}
      </ul>
      {statement.cancelled_movements.length > 0 ? (
        <>
          <h4 className="font-bold text-emerald-950">Écritures annulées</h4>
          <p className="text-sm text-slate-700">
            Contre-passées dans les comptes : la banque ne les verra pas, elles ne comptent pas dans l’écart.
          </p>
          <ul className="space-y-1">
            {statement.cancelled_movements.map((m) => (
              <li key={m.id}>
                <span className="whitespace-nowrap">{formatDate(m.date)}</span> — {m.label} —{' '}
                <span className="font-semibold">{formatFcfa(m.amount)}</span> — <span className="font-semibold text-slate-700">Annulé</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h4 className="font-bold text-emerald-950">Historique</h4>
      <ol className="space-y-1 text-sm text-slate-800">
        {statement.history.map((h) => (
          <li key={`${h.action}-${h.line ?? 0}-${h.at}`}>
            <span className="whitespace-nowrap">{formatCotonouDateTime(h.at)}</span>
            {h.by ? ` — ${h.by}` : ''} — {h.action === 'import' ? 'Import' : h.action === 'manuel' ? 'Rapproché à la main' : 'Enregistré'}
            {h.line !== null ? ` : ligne ${h.line}` : ' :'} {h.label}
            {h.amount !== null ? ` (${formatFcfa(h.amount)})` : ''}
          </li>
        ))}
      </ol>
    </Panel>
  );
}

function BookExpense({ disabled, onBook }: { disabled: boolean; onBook: (category: string) => void }) {
  const [category, setCategory] = useState('frais_financiers');
  return (
    <div className="flex flex-wrap items-end gap-2">
      <SelectField
        label="Catégorie"
        options={optionsOf(EXPENSE_CATEGORIES, EXPENSE_CATEGORY_LABELS)}
        value={category}
        onChange={(e) => setCategory(e.target.value)}
      />
      <Button variant="secondary" disabled={disabled} onClick={() => onBook(category)}>
        Enregistrer en dépense
      </Button>
    </div>
  );
}
