import { purposeFromQuery } from '@shared/causes';
import { DEFAULT_DONATION_PURPOSE, DONATION_PURPOSE_LABELS, DONATION_PURPOSES, type DonationPurpose } from '@shared/constants';
import { formatFcfa, formatNumber } from '@shared/format';
import type { DonationInitiate, DonationInitiateInput } from '@shared/schemas/donation';
import { PAYMENT_MESSAGES } from '@shared/zod-free/payment';
import { parseFcfa } from '@shared/zod-free/text';
import { ChannelChoice } from '@web/components/forms/channel-choice';
import { PrivacyNote } from '@web/components/forms/privacy-note';
import { TelephoneField } from '@web/components/forms/telephone-field';
import { Button } from '@web/components/ui/button';
import { CauseProgressBar } from '@web/components/ui/cause-progress';
import { SelectField, TextField } from '@web/components/ui/field';
import { PageTitle } from '@web/components/ui/page-title';
import { type ReactNode, useEffect, useState } from 'react';
import { useKeptForm } from '@web/lib/kept-form-values';
import { type DonationThanks, forgetDonationThanks, readDonationThanks } from './donation-thanks';
import { DonationThanksPanel } from './donation-thanks-panel';
import { useCheckout } from './use-checkout';
import { ReturnProblem } from './payment-outcome';
import { readTyped, rememberTyped } from './payment-memory';
import { useReturnFlow } from './use-return-flow';
import { PushWaiting } from '@web/components/money/push-waiting';
import { SmsGivingHint } from '@web/components/money/sms-giving-hint';
import { lazyZodResolver } from '@web/lib/lazy-resolver';

const donationInitiateSchemaResolver = lazyZodResolver(() => import('@shared/schemas/donation').then((m) => m.donationInitiateSchema));

const PURPOSE_OPTIONS = DONATION_PURPOSES.map((p) => ({ value: p, label: DONATION_PURPOSE_LABELS[p] }));
/** Preset amounts beside the free amount (docs/product/donors.md). */
const PRESET_AMOUNTS = [1_000, 5_000, 10_000] as const;

/** What the « Donner chaque mois » choice shows instead of the one-time form, given the cause and amount chosen so far. */
export type RecurringGiftSlot = (carried: { purpose: DonationPurpose; amount: number | null }) => ReactNode;

export default function DonationPage({ recurring }: { recurring?: RecurringGiftSlot } = {}) {
  const [thanks, setThanks] = useState<DonationThanks | null>(null);
  const [isMonthly, setMonthly] = useState(false);
  // Typed before hydration only (no draft): a payment is never kept as a draft, queued or replayed.
  const { register, handleSubmit, setError, setValue, getValues, watch, errors } = useKeptForm<DonationInitiateInput, DonationInitiate>({
    resolver: donationInitiateSchemaResolver,
    defaultValues: { amount: '', purpose: DEFAULT_DONATION_PURPOSE, name: '', telephone: '', email: '', channel: 'sms' },
  });
  const [pushId, setPushId] = useState<string | null>(null);
  const { inProgress, start } = useCheckout(
    '/donation/initiate',
    setError,
    () => {
      forgetDonationThanks();
      rememberTyped({ amount: String(getValues('amount') ?? ''), purpose: String(getValues('purpose')) }, 'donation');
    },
    setPushId,
  );
  const [amountKept, setAmountKept] = useState(false);
  // The cause a donor came from (/donation?cause=… or ?purpose=…), read after hydration and before the
  // return flow below clears the query string.
  useEffect(() => {
    const purpose = purposeFromQuery(new URLSearchParams(window.location.search));
    if (purpose) setValue('purpose', purpose);
  }, [setValue]);
  const { receiptUrl, outcome } = useReturnFlow('donation');
  // A refused or cancelled gift: the cause and amount typed come back, with the reason shown above the form.
  useEffect(() => {
    if (!outcome || outcome.status === 'approved') return;
    const typed = readTyped('donation');
    if (!typed) return;
    const purpose = DONATION_PURPOSES.find((p) => p === typed.purpose);
    if (purpose) setValue('purpose', purpose);
    setValue('amount', typed.amount, { shouldDirty: true });
    setAmountKept(true);
  }, [outcome, setValue]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read once the return flow has stored a new receipt
  useEffect(() => setThanks(readDonationThanks()), [receiptUrl]);

  const parsed = parseFcfa(String(watch('amount') ?? ''));
  const amount = typeof parsed === 'number' ? parsed : null;
  const purpose = watch('purpose') as DonationPurpose;

  return (
    <section className="mx-auto max-w-xl px-4 py-10">
      <PageTitle title="Faire un Don">Faire un Don</PageTitle>
      {thanks ? (
        <DonationThanksPanel
          thanks={thanks}
          onAnother={() => {
            forgetDonationThanks();
            setThanks(null);
          }}
        />
      ) : (
        <>
          <ReturnProblem outcome={outcome} amountKept={amountKept} />
          <p className="mb-6 text-slate-700">
            Votre don soutient directement nos actions au Bénin. Paiement sécurisé par Mobile Money ou carte bancaire.
          </p>
          {recurring ? (
            <div role="group" aria-label="Type de don" className="mb-4 grid grid-cols-2 gap-2">
              {[
                { monthly: false, label: 'Donner une fois' },
                { monthly: true, label: 'Donner chaque mois' },
              ].map((choice) => (
                <button
                  key={choice.label}
                  type="button"
                  aria-pressed={isMonthly === choice.monthly}
                  onClick={() => setMonthly(choice.monthly)}
                  className="min-h-11 rounded-md px-2 py-2 font-semibold text-emerald-900 ring-1 ring-emerald-800 hover:bg-emerald-50 aria-pressed:bg-emerald-800 aria-pressed:text-white"
                >
                  {choice.label}
                </button>
              ))}
            </div>
          ) : null}
          {pushId ? (
            <PushWaiting id={pushId} onDone={() => setPushId(null)} />
          ) : recurring && isMonthly ? (
            recurring({ purpose, amount })
          ) : (
            <form
              noValidate
              onSubmit={handleSubmit(start)}
              className="flex flex-col gap-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
            >
              {/* defaultValue: the prerendered page shows the form's default cause, not the list's first, so what a donor
                  sees (and changes) before hydration is what is sent (lib/kept-form-values.ts compares with it). */}
              <SelectField
                label="Cause"
                required
                options={PURPOSE_OPTIONS}
                error={errors.purpose?.message}
                defaultValue={DEFAULT_DONATION_PURPOSE}
                {...register('purpose')}
              />
              <CauseProgressBar purpose={purpose} />
              <fieldset className="flex flex-col gap-2">
                <legend className="mb-1 font-medium text-slate-800">Montant</legend>
                <div className="grid grid-cols-3 gap-2">
                  {PRESET_AMOUNTS.map((preset) => (
                    <button
                      key={preset}
                      type="button"
                      aria-pressed={amount === preset}
                      aria-label={formatFcfa(preset)}
                      onClick={() => setValue('amount', String(preset), { shouldValidate: true })}
                      className="flex min-h-11 min-w-0 flex-col items-center justify-center rounded-md px-1 py-1 font-semibold leading-tight text-emerald-900 ring-1 ring-emerald-800 hover:bg-emerald-50 aria-pressed:bg-emerald-800 aria-pressed:text-white"
                    >
                      {/* Two lines, so « 10 000 FCFA » fits a third of a 320 px screen (issue 33 item 9). */}
                      <span className="whitespace-nowrap">{formatNumber(preset)}</span>
                      <span className="text-xs font-medium">FCFA</span>
                    </button>
                  ))}
                </div>
                <TextField
                  label="Autre montant (FCFA)"
                  inputMode="numeric"
                  required
                  hint={amount && amount > 0 ? formatFcfa(amount) : 'Par exemple 2 500'}
                  error={errors.amount?.message}
                  {...register('amount')}
                />
              </fieldset>
              <fieldset className="flex flex-col gap-3 rounded-md border border-slate-200 p-3">
                <legend className="px-1 font-medium text-slate-800">Vos coordonnées (facultatif)</legend>
                <p className="text-sm text-slate-700">
                  Pour un reçu à votre nom, envoyé par SMS ou par e-mail. Sans elles, votre don reste anonyme.
                </p>
                <TextField label="Nom" autoComplete="name" error={errors.name?.message} {...register('name')} />
                <TelephoneField error={errors.telephone?.message} {...register('telephone')} />
                <ChannelChoice registration={register('channel')} error={errors.channel?.message} />
                <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
              </fieldset>
              <Button type="submit" isLoading={inProgress} loadingText={PAYMENT_MESSAGES.inProgress}>
                Faire un don
              </Button>
              {/* No page: the mobile-money operator asks on the telephone given above (docs/giving-by-phone.md). */}
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
          )}
          <SmsGivingHint />
        </>
      )}
    </section>
  );
}
