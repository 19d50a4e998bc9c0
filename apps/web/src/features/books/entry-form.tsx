import { formatFcfa } from '@shared/format';
import { parseFcfa } from '@shared/text-rules';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/field';
import { ApiError, api } from '@web/lib/api-client';
import { notify } from '@web/lib/notify';
import { useState } from 'react';
import { useRefreshBooks } from './api';
import { errorText, Panel } from './panel';
import { entryFieldErrors } from './rules';

// A manual entry: date, journal, label, reference and its lines, with a live balanced / unbalanced indicator. The
// server still decides (422 for an unbalanced entry).

interface Line {
  account: string;
  debit: string;
  credit: string;
}
const empty = (): Line => ({ account: '', debit: '', credit: '' });
const amountOf = (text: string) => {
  const n = text.trim() === '' ? 0 : parseFcfa(text);
  return typeof n === 'number' ? n : 0;
};

export function EntryForm() {
  const refresh = useRefreshBooks();
  const [date, setDate] = useState(() => new Date(Date.now() + 3600_000).toISOString().slice(0, 10));
  const [journal, setJournal] = useState('OD');
  const [label, setLabel] = useState('');
  const [reference, setReference] = useState('');
  const [lines, setLines] = useState<Line[]>([empty(), empty()]);
  const [busy, setBusy] = useState(false);
  // The server's errors by field (« date », « label », « lines », « lines.0.account »…), shown next to their field.
  const [errors, setErrors] = useState<Record<string, string>>({});
  const debit = lines.reduce((s, l) => s + amountOf(l.debit), 0);
  const credit = lines.reduce((s, l) => s + amountOf(l.credit), 0);
  const balanced = debit === credit && debit > 0;
  const set = (i: number, patch: Partial<Line>) => setLines((x) => x.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    // The lines sent (those with an account) and where each one is on screen, to put a line's error beside it.
    const kept = lines.map((l, i) => ({ l, i })).filter(({ l }) => l.account.trim() !== '');
    try {
      await api.post('/admin/books/entries', {
        date,
        journal,
        label,
        reference: reference || null,
        lines: kept.map(({ l }) => ({ account: l.account.trim(), debit: amountOf(l.debit), credit: amountOf(l.credit) })),
      });
      notify.success('Écriture enregistrée.');
      setLabel('');
      setReference('');
      setLines([empty(), empty()]);
      refresh();
    } catch (error) {
      const fields =
        error instanceof ApiError
          ? entryFieldErrors(
              error.errors,
              kept.map(({ i }) => i),
            )
          : {};
      setErrors(fields);
      const shownHere = (key: string) => /^(date|journal|label|reference|lines|lines\.\d+\.(account|debit|credit))$/.test(key);
      if (!Object.keys(fields).some(shownHere)) notify.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Panel title="Saisir une écriture">
      <form onSubmit={submit} className="space-y-3" noValidate>
        <div className="grid gap-2 sm:grid-cols-2">
          <TextField label="Date" type="date" value={date} error={errors.date} onChange={(e) => setDate(e.target.value)} required />
          <TextField
            label="Journal"
            value={journal}
            maxLength={4}
            error={errors.journal}
            onChange={(e) => setJournal(e.target.value.toUpperCase())}
          />
          <TextField label="Libellé" value={label} error={errors.label} onChange={(e) => setLabel(e.target.value)} required />
          <TextField
            label="Référence (facultatif)"
            value={reference}
            error={errors.reference}
            onChange={(e) => setReference(e.target.value)}
          />
        </div>
        <ul className="space-y-2">
          {lines.map((l, i) => (
            <li key={i} className="grid grid-cols-3 gap-2">
              <TextField
                label={`Compte ${i + 1}`}
                value={l.account}
                error={errors[`lines.${i}.account`]}
                inputMode="numeric"
                onChange={(e) => set(i, { account: e.target.value })}
              />
              <TextField
                label="Débit"
                value={l.debit}
                inputMode="numeric"
                error={errors[`lines.${i}.debit`]}
                onChange={(e) => set(i, { debit: e.target.value })}
              />
              <TextField
                label="Crédit"
                value={l.credit}
                inputMode="numeric"
                error={errors[`lines.${i}.credit`]}
                onChange={(e) => set(i, { credit: e.target.value })}
              />
            </li>
          ))}
        </ul>
        {errors.lines ? (
          <p role="alert" className="font-semibold text-red-700">
            {errors.lines}
          </p>
        ) : null}
        <p role="status" className={balanced ? 'font-semibold text-emerald-800' : 'font-semibold text-amber-800'}>
          Débits <span className="whitespace-nowrap">{formatFcfa(debit)}</span> · crédits{' '}
          <span className="whitespace-nowrap">{formatFcfa(credit)}</span> —{' '}
          {balanced ? 'écriture équilibrée' : `écriture déséquilibrée (écart ${formatFcfa(Math.abs(debit - credit))})`}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setLines((x) => [...x, empty()])}>
            Ajouter une ligne
          </Button>
          <Button type="submit" isLoading={busy} loadingText="Enregistrement…">
            Enregistrer l’écriture
          </Button>
        </div>
      </form>
    </Panel>
  );
}
