import { DONATION_PURPOSE_LABELS, DONATION_PURPOSES, type DonationPurpose } from '@shared/constants';
import { formatFcfa, formatNumber } from '@shared/format';
import { PAYMENT_MESSAGES } from '@shared/zod-free/payment';
import type { PledgeCreate, PledgeCreateInput } from '@shared/schemas/pledges';
import { PLEDGE_FREQUENCIES, PLEDGE_FREQUENCY_LABELS } from '@shared/zod-free/pledges';
import { parseFcfa } from '@shared/zod-free/text';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ChannelChoice } from '@web/components/forms/channel-choice';
import { PrivacyNote } from '@web/components/forms/privacy-note';
import { TelephoneField } from '@web/components/forms/telephone-field';
import { Button } from '@web/components/ui/button';
import { SelectField, TextField } from '@web/components/ui/field';
import { ApiError } from '@web/lib/api-client';
import { applyServerErrors } from '@web/lib/apply-server-errors';
import { notify } from '@web/lib/notify';
import { PushWaiting } from '@web/components/money/push-waiting';
import { createPledge } from './api';
import { lazyZodResolver } from '@web/lib/lazy-resolver';

const pledgeCreateSchemaResolver = lazyZodResolver(() => import('@shared/schemas/pledges').then((m) => m.pledgeCreateSchema));

const PURPOSE_OPTIONS = DONATION_PURPOSES.map((p) => ({ value: p, label: DONATION_PURPOSE_LABELS[p] }));
const PRESET_AMOUNTS = [1_000, 5_000, 10_000] as const;

/**
 * « Donner chaque mois »: a pledge instead of a one-time gift. The cause and amount chosen on the donation page are
 * carried over; the first gift is paid at once through the same checkout, the next ones on the same day each period.
 */
export function MonthlyGiftForm({ purpose, amount }: { purpose: DonationPurpose; amount: number | null }) {
  const [inProgress, setInProgress] = useState(false);
  const [pushId, setPushId] = useState<string | null>(null);
  const { register, handleSubmit, setError, setValue, watch, formState } = useForm<PledgeCreateInput, unknown, PledgeCreate>({
    resolver: pledgeCreateSchemaResolver,
    defaultValues: {
      purpose,
      amount: amount ? String(amount) : '',
      frequency: 'mensuel',
      name: '',
      telephone: '',
      email: '',
      channel: 'sms',
    },
  });
  const errors = formState.errors;
  const parsed = parseFcfa(String(watch('amount') ?? ''));
  const current = typeof parsed === 'number' ? parsed : null;

  const start = async (values: PledgeCreate) => {
    setInProgress(true);
    try {
      const answer = await createPledge(values);
      if ('checkout_url' in answer) {
        window.location.assign(answer.checkout_url);
        return;
      }
      // Asked on the telephone: the pledge exists, its link is on its way by SMS; the first gift is followed here.
      setInProgress(false);
      setPushId(answer.id);
    } catch (error) {
      setInProgress(false);
      if (!applyServerErrors(error, setError)) {
        notify.error(error instanceof ApiError && error.hasResponse ? error.message : PAYMENT_MESSAGES.providerUnavailable);
      }
    }
  };

  if (pushId) return <PushWaiting id={pushId} againLabel="Faire un autre don" onDone={() => setPushId(null)} />;

  return (
    <form
      noValidate
      onSubmit={handleSubmit(start)}
      className="flex flex-col gap-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <p className="text-slate-700">
        Votre premier don est versé tout de suite. Ensuite, le même jour de chaque période, un SMS vous apporte un lien pour verser le
        suivant par Mobile Money. Vous pouvez mettre en pause, sauter une échéance, modifier ou arrêter à tout moment.
      </p>
      <SelectField label="Cause" required options={PURPOSE_OPTIONS} error={errors.purpose?.message} {...register('purpose')} />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium text-slate-800">Montant de chaque don</legend>
        <div className="grid grid-cols-3 gap-2">
          {PRESET_AMOUNTS.map((preset) => (
            <button
              key={preset}
              type="button"
              aria-pressed={current === preset}
              aria-label={formatFcfa(preset)}
              onClick={() => setValue('amount', String(preset), { shouldValidate: true })}
              className="flex min-h-11 min-w-0 flex-col items-center justify-center rounded-md px-1 py-1 font-semibold leading-tight text-emerald-900 ring-1 ring-emerald-800 hover:bg-emerald-50 aria-pressed:bg-emerald-800 aria-pressed:text-white"
            >
              {/* Two lines, as on the one-time form: « 10 000 FCFA » fits a third of a 360 px screen. */}
              <span className="whitespace-nowrap">{formatNumber(preset)}</span>
              <span className="text-xs font-medium">FCFA</span>
            </button>
          ))}
        </div>
        <TextField
          label="Autre montant (FCFA)"
          inputMode="numeric"
          required
          hint={current && current > 0 ? formatFcfa(current) : 'Par exemple 2 500'}
          error={errors.amount?.message}
          {...register('amount')}
        />
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium text-slate-800">Fréquence</legend>
        {PLEDGE_FREQUENCIES.map((f) => (
          <label key={f} className="flex min-h-11 items-center gap-2">
            <input type="radio" value={f} className="size-5 accent-emerald-800" {...register('frequency')} />
            {PLEDGE_FREQUENCY_LABELS[f]}
          </label>
        ))}
      </fieldset>
      <fieldset className="flex flex-col gap-3 rounded-md border border-slate-200 p-3">
        <legend className="px-1 font-medium text-slate-800">Vos coordonnées</legend>
        <p className="text-sm text-slate-700">Votre téléphone reçoit le lien de chaque échéance et de gestion de votre engagement.</p>
        <TextField label="Nom" autoComplete="name" required error={errors.name?.message} {...register('name')} />
        <TelephoneField required error={errors.telephone?.message} {...register('telephone')} />
        <ChannelChoice registration={register('channel')} error={errors.channel?.message} />
        <TextField label="Email (facultatif)" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      </fieldset>
      <Button type="submit" isLoading={inProgress} loadingText={PAYMENT_MESSAGES.inProgress}>
        M’engager et verser le premier don
      </Button>
      {/* No page: the first gift is asked on the telephone given above (docs/giving-by-phone.md). */}
      <Button
        type="button"
        data-sends=""
        variant="secondary"
        disabled={inProgress}
        onClick={handleSubmit((values) => start({ ...values, mode: 'push' }))}
      >
        Payer sur mon téléphone
      </Button>
      <PrivacyNote />
    </form>
  );
}
