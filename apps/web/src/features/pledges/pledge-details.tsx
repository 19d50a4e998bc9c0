import { ReceiptLink } from '@web/components/money/receipt-link';
import { DONATION_PURPOSE_LABELS } from '@shared/constants';
import { formatDate, formatFcfa } from '@shared/format';
import type { PledgeActionResult, PledgeChangeInput, PledgeView } from '@shared/schemas/pledges';
import { PLEDGE_FREQUENCIES, PLEDGE_FREQUENCY_LABELS, PLEDGE_STATUS_LABELS } from '@shared/zod-free/pledges';
import { type FormEvent, useState } from 'react';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { SelectField, TextField } from '@web/components/ui/field';
import { ApiError } from '@web/lib/api-client';
import { notify } from '@web/lib/notify';

const PAYMENT_STATUS: Record<string, string> = {
  approved: 'Réglé',
  transferred: 'Réglé',
  declined: 'Refusé',
  canceled: 'Annulé',
  refunded: 'Remboursé',
};
const FREQUENCY_OPTIONS = PLEDGE_FREQUENCIES.map((f) => ({ value: f, label: PLEDGE_FREQUENCY_LABELS[f] }));
/** « 15 mars 2027 » from a calendar date. */
const dueDate = (day: string) => formatDate(`${day}T12:00:00Z`);

/** One pledge: what is promised, the next due, the payments with their receipts, and what the donor may do with it. */
export function PledgeDetails({
  pledge,
  onChange,
  isPending,
  payHref,
}: {
  pledge: PledgeView;
  onChange: (change: PledgeChangeInput) => Promise<PledgeActionResult>;
  isPending: boolean;
  /** Where « Payer maintenant » leads (the donor's link only). */
  payHref?: string;
}) {
  const [isCancelling, setCancelling] = useState(false);
  const [isEditing, setEditing] = useState(false);
  const [amount, setAmount] = useState(String(pledge.amount));
  const [frequency, setFrequency] = useState<string>(pledge.frequency);
  const [amountError, setAmountError] = useState<string | undefined>();

  const run = async (change: PledgeChangeInput) => {
    try {
      const result = await onChange(change);
      notify.success(result.message);
      return true;
    } catch (error) {
      const fieldError = error instanceof ApiError ? error.errors.amount?.[0] : undefined;
      if (fieldError) setAmountError(fieldError);
      else notify.error(error instanceof ApiError ? error.message : 'Une erreur est survenue. Veuillez réessayer.');
      return false;
    }
  };
  const submitChange = async (event: FormEvent) => {
    event.preventDefault();
    setAmountError(undefined);
    if (await run({ amount, frequency: frequency as PledgeView['frequency'] })) setEditing(false);
  };
  const isCancelled = pledge.status === 'cancelled';

  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-slate-800">
        <dt className="font-medium">Don</dt>
        <dd>
          {formatFcfa(pledge.amount)} — {PLEDGE_FREQUENCY_LABELS[pledge.frequency].toLowerCase()}
        </dd>
        <dt className="font-medium">Cause</dt>
        <dd>{DONATION_PURPOSE_LABELS[pledge.purpose]}</dd>
        <dt className="font-medium">Statut</dt>
        <dd>
          <span className="font-semibold">{PLEDGE_STATUS_LABELS[pledge.status]}</span>
        </dd>
        <dt className="font-medium">Prochaine échéance</dt>
        <dd>{pledge.next_due ? dueDate(pledge.next_due) : '—'}</dd>
      </dl>

      {isCancelled ? (
        // A stopped pledge cannot restart: a new one starts from the gift page (« Donner chaque mois »).
        <p>
          <a href="/donation" className="font-semibold text-emerald-800 underline">
            Donner à nouveau chaque mois
          </a>
        </p>
      ) : (
        <div className="flex flex-wrap gap-2">
          {/* Not once the due in progress is paid (`due_to_pay` false); lists without it keep the button. */}
          {payHref && pledge.status === 'active' && pledge.due_to_pay !== false ? (
            <a
              href={payHref}
              className="inline-flex min-h-11 items-center rounded-md bg-orange-700 px-4 py-2 font-semibold text-white hover:bg-orange-800"
            >
              Payer l’échéance en cours
            </a>
          ) : null}
          {payHref && pledge.status === 'active' ? (
            // No page: the due is asked on the pledge's telephone (docs/giving-by-phone.md).
            <a
              href={`${payHref}?mode=telephone`}
              className="inline-flex min-h-11 items-center rounded-md px-4 py-2 font-semibold text-emerald-900 ring-1 ring-emerald-800 hover:bg-emerald-50"
            >
              Payer sur mon téléphone
            </a>
          ) : null}
          {pledge.status === 'active' ? (
            <>
              <Button variant="secondary" disabled={isPending} onClick={() => run({ action: 'pause' })}>
                Mettre en pause
              </Button>
              <Button variant="secondary" disabled={isPending} onClick={() => run({ action: 'skip' })}>
                Sauter la prochaine échéance
              </Button>
            </>
          ) : (
            <Button disabled={isPending} onClick={() => run({ action: 'resume' })}>
              Reprendre
            </Button>
          )}
          <Button variant="secondary" disabled={isPending} onClick={() => setEditing((v) => !v)} aria-expanded={isEditing}>
            Modifier le montant ou la fréquence
          </Button>
          <Button variant="danger" disabled={isPending} onClick={() => setCancelling(true)}>
            Arrêter
          </Button>
        </div>
      )}

      {isEditing && !isCancelled ? (
        <form noValidate onSubmit={submitChange} className="flex flex-col gap-3 rounded-md border border-slate-200 p-3">
          <TextField
            label="Nouveau montant (FCFA)"
            inputMode="numeric"
            required
            value={amount}
            error={amountError}
            onChange={(e) => setAmount(e.target.value)}
          />
          <SelectField label="Fréquence" options={FREQUENCY_OPTIONS} value={frequency} onChange={(e) => setFrequency(e.target.value)} />
          <Button type="submit" isLoading={isPending} loadingText="En cours...">
            Enregistrer
          </Button>
        </form>
      ) : null}

      <section aria-labelledby={`pledge-${pledge.id}-payments`}>
        <h3 id={`pledge-${pledge.id}-payments`} className="mb-2 font-semibold text-emerald-950">
          Versements
        </h3>
        {pledge.payments.length === 0 ? (
          <p className="text-slate-700">Aucun versement pour l’instant.</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {pledge.payments.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  {p.due_date ? `Échéance du ${dueDate(p.due_date)}` : formatDate(p.created_at)} — {formatFcfa(p.amount)} ·{' '}
                  {PAYMENT_STATUS[p.transaction_status] ?? p.transaction_status}
                </span>
                {p.receipt_url ? <ReceiptLink href={p.receipt_url} number={p.receipt_number} /> : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <ConfirmDialog
        isOpen={isCancelling}
        title="Arrêter votre engagement"
        message="Plus aucune échéance ne vous sera demandée. Vos reçus restent disponibles."
        onCancel={() => setCancelling(false)}
        onConfirm={async () => {
          await run({ action: 'cancel' });
          setCancelling(false);
        }}
        isPending={isPending}
      />
    </div>
  );
}
