import { formatFcfa, formatDate } from '@shared/format';
import { EXPENSE_CATEGORIES, EXPENSE_CATEGORY_LABELS, type Statement } from '@shared/schemas/treasury';
import { Button } from '@web/components/ui/button';
import { SelectField, TextField } from '@web/components/ui/field';
import { api } from '@web/lib/api-client';
import { notify } from '@web/lib/notify';
import { type FormEvent, useState } from 'react';
import { useAccounts, useRefreshTreasury, useStatement } from '../api';
import { errorText, optionsOf, Panel } from './panel';

// A bank or mobile-money statement (CSV) against the books: the columns named once, automatic matches, then what is
// left on both sides, matched by hand or booked as an expense or a receipt; the statement's balance beside the book's.

export function ReconciliationPanel() {
  const accounts = useAccounts();
  const refresh = useRefreshTreasury();
  const [statementId, setStatementId] = useState<number | null>(null);
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
            <Button type="submit" isLoading={isSending} loadingText="Rapprochement...">
              Rapprocher
            </Button>
          </div>
        </form>
      </Panel>
      {statement.data ? <StatementResult statement={statement.data} onChange={() => void statement.refetch().then(refresh)} /> : null}
    </div>
  );
}

function StatementResult({ statement, onChange }: { statement: Statement; onChange: () => void }) {
  const [busy, setBusy] = useState(false);
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
    <Panel title={`Relevé du ${statement.period_start} au ${statement.period_end} — ${statement.account_name}`}>
      <dl className="grid gap-2 sm:grid-cols-3">
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
      </dl>
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
                    Rapprocher de « {m.label} » du {m.date}
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
      <h4 className="font-bold text-emerald-950">Écritures sans ligne de relevé</h4>
      {statement.unmatched_movements.length === 0 ? <p>Aucune.</p> : null}
      <ul className="space-y-1">
        {statement.unmatched_movements.map((m) => (
          <li key={m.id}>
            {m.date} — {m.label} — <span className="font-semibold">{formatFcfa(m.amount)}</span>
          </li>
        ))}
      </ul>
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
