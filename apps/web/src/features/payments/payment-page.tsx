import { DEFAULT_PAYMENT_TYPE, EVENT_PAYMENT_TYPE, PAYMENT_TYPE_LABELS, PAYMENT_TYPES, type PaymentType } from '@shared/constants';
import { formatDate, formatFcfa } from '@shared/format';
import type { PaymentInitiate, PaymentInitiateInput } from '@shared/schemas/payment';
import { PAYMENT_MESSAGES } from '@shared/zod-free/payment';
import { PAYMENT_OUTCOME_MESSAGES as M } from '@shared/schemas/payment-outcome';
import type { Profile } from '@shared/schemas/profile';
import type { PaymentFees } from '@shared/schemas/settings';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ChannelChoice } from '@web/components/forms/channel-choice';
import { PrivacyNote } from '@web/components/forms/privacy-note';
import { TelephoneField } from '@web/components/forms/telephone-field';
import { Button } from '@web/components/ui/button';
import { SelectField, TextField } from '@web/components/ui/field';
import { PageTitle } from '@web/components/ui/page-title';
import { api } from '@web/lib/api-client';
import { session } from '@web/lib/session';
import { useEffect, useRef, useState } from 'react';
import { useKeptForm } from '@web/lib/kept-form-values';
import { useSearchParams } from '@web/lib/router';
import { PaymentDone, ReturnProblem } from './payment-outcome';
import { type PaidPayment, readTyped, rememberTyped } from './payment-memory';
import { readTicket } from '@web/lib/ticket-in-payment';
import { PushWaiting } from '@web/components/money/push-waiting';
import { useCheckout } from './use-checkout';
import { useReturnFlow } from './use-return-flow';
import { lazyZodResolver } from '@web/lib/lazy-resolver';

const paymentInitiateSchemaResolver = lazyZodResolver(() => import('@shared/schemas/payment').then((m) => m.paymentInitiateSchema));

const requestedType = (value: string | null): PaymentType =>
  (PAYMENT_TYPES as readonly string[]).includes(value ?? '') ? (value as PaymentType) : DEFAULT_PAYMENT_TYPE;

const TYPE_OPTIONS = PAYMENT_TYPES.map((t) => ({ value: t, label: PAYMENT_TYPE_LABELS[t] }));
const FEE_BOX = 'min-h-[4.5rem] rounded-md bg-emerald-50 p-3 text-emerald-950';

// Seats of an event paid through the checkout (events/registrations.ts) come back here too.
const typeLabel = (type: string | null) => (type === EVENT_PAYMENT_TYPE ? M.eventLabel : PAYMENT_TYPE_LABELS[requestedType(type)]);

export default function PaymentPage() {
  const { receiptUrl, outcome } = useReturnFlow('payment');
  const hasToken = Boolean(session.token());
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const [paid, setPaid] = useState<PaidPayment | null>(null);
  const [amountKept, setAmountKept] = useState(false);
  // True once the amount is the person's own (typed, or given back after a refusal): the fee no longer replaces it.
  const ownAmount = useRef(false);
  // A signed-in member pays with the e-mail of the profile, shown read-only.
  const profile = useQuery({
    queryKey: ['profile'],
    queryFn: () => api.get<Profile>('/profile'),
    enabled: hasToken,
    retry: false,
    staleTime: 60_000,
  });
  const fees = useQuery({ queryKey: ['payment-fees'], queryFn: () => api.get<PaymentFees>('/payment/fees'), staleTime: 60_000 });
  const profileEmail = profile.data?.email ?? '';

  // Typed before hydration only (no draft): a payment is never kept as a draft, queued or replayed.
  const { register, handleSubmit, setError, setValue, getValues, watch, errors } = useKeptForm<PaymentInitiateInput, PaymentInitiate>({
    resolver: paymentInitiateSchemaResolver,
    // `?type=cotisation` (the member space's « Renouveler ma cotisation ») pre-selects the type.
    defaultValues: { name: '', email: '', phone: '', amount: '', payment_type: requestedType(searchParams.get('type')), channel: 'sms' },
  });
  const [pushId, setPushId] = useState<string | null>(null);
  // Stays "En cours..." while the browser leaves for the checkout; what was typed is kept for a refusal's return.
  const { inProgress, start } = useCheckout(
    '/payment/initiate',
    setError,
    () => {
      rememberTyped({ amount: String(getValues('amount') ?? ''), payment_type: String(getValues('payment_type')) });
    },
    setPushId,
  );

  useEffect(() => {
    if (!profile.data) return;
    if (profile.data.email) setValue('email', profile.data.email);
    if (!getValues('name') && profile.data.name) setValue('name', profile.data.name);
    if (!getValues('phone') && profile.data.telephone) setValue('phone', profile.data.telephone);
  }, [profile.data, setValue, getValues]);

  // The checkout's answer, on its return only (a reload of it included, never a new visit of /paiement): an approved
  // payment replaces the form; a refusal gives back the amount.
  useEffect(() => {
    if (!outcome) return;
    if (outcome.status === 'approved') {
      const done = { amount: outcome.amount, paymentType: outcome.paymentType, receiptUrl };
      rememberTyped(null);
      setPaid(done);
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
      return;
    }
    const typed = readTyped();
    if (typed) {
      setValue('payment_type', requestedType(typed.payment_type ?? null));
      ownAmount.current = true;
      setValue('amount', typed.amount, { shouldDirty: true });
      setAmountKept(true);
    }
  }, [outcome, receiptUrl, setValue, queryClient]);

  const type = requestedType(String(watch('payment_type')));
  const fee = fees.data ? fees.data[`${type}_amount`] : null;
  // The fee of the chosen type fills the amount until the person types one of their own.
  useEffect(() => {
    if (!fee || !fees.data || ownAmount.current) return;
    // Only an empty amount or another type's fee is replaced: an amount given back after a refusal stays.
    const current = String(getValues('amount') ?? '');
    const fees_ = [String(fees.data.adhesion_amount), String(fees.data.cotisation_amount)];
    if (current === '' || fees_.includes(current)) setValue('amount', String(fee));
  }, [fee, fees.data, getValues, setValue]);

  const amount = Number(watch('amount'));
  const validUntil = paid && profile.data?.membership?.valid_until ? formatDate(profile.data.membership.valid_until) : null;

  return (
    <section className="mx-auto max-w-xl px-4 py-10">
      <PageTitle title="Faire un Paiement">Faire un Paiement</PageTitle>
      {paid ? (
        <PaymentDone
          amount={paid.amount ? formatFcfa(paid.amount) : null}
          label={typeLabel(paid.paymentType)}
          validUntil={validUntil}
          ticketUrl={paid.paymentType === EVENT_PAYMENT_TYPE ? (readTicket() ?? '') : null}
          receiptUrl={paid.receiptUrl}
          onAnother={() => setPaid(null)}
        />
      ) : pushId ? (
        <PushWaiting
          id={pushId}
          againLabel="Faire un autre paiement"
          onDone={() => {
            setPushId(null);
            void queryClient.invalidateQueries({ queryKey: ['profile'] });
          }}
        />
      ) : (
        <>
          <ReturnProblem outcome={outcome} amountKept={amountKept} />
          <form
            noValidate
            onSubmit={handleSubmit(start)}
            className="flex flex-col gap-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
          >
            <TextField label="Nom" autoComplete="name" required error={errors.name?.message} {...register('name')} />
            <TextField
              label={profileEmail ? 'Email' : 'Email (facultatif)'}
              type="email"
              autoComplete="email"
              readOnly={Boolean(profileEmail)}
              hint={profileEmail ? 'Adresse e-mail de votre profil.' : 'Sans e-mail, votre reçu vous est envoyé par SMS.'}
              className={profileEmail ? 'bg-slate-100' : undefined}
              error={errors.email?.message}
              {...register('email')}
            />
            <TelephoneField required error={errors.phone?.message} {...register('phone')} />
            <ChannelChoice registration={register('channel')} error={errors.channel?.message} />
            <SelectField
              label="Type de paiement"
              required
              options={TYPE_OPTIONS}
              error={errors.payment_type?.message}
              {...register('payment_type')}
            />
            {/* In the prerendered page already, two lines high while the fees load: the box neither appears nor grows
                late (it was the page's largest paint, after the script and the fetch; issue #32). */}
            {fees.data ? (
              <p data-testid="fee-shown" className={FEE_BOX}>
                <strong>{M.fee(PAYMENT_TYPE_LABELS[type], formatFcfa(fees.data[`${type}_amount`]))}</strong>.{' '}
                {M.feeMinimum(formatFcfa(fees.data[`${type}_min`]))} {M.feePeriod(fees.data.period_months)}
              </p>
            ) : (
              // Without the type: the prerendered page does not know the address's ?type=.
              <p className={FEE_BOX}>{M.feeLoading}</p>
            )}
            <TextField
              label="Montant (FCFA)"
              inputMode="numeric"
              required
              hint={Number.isInteger(amount) && amount > 0 ? formatFcfa(amount) : undefined}
              error={errors.amount?.message}
              {...register('amount', {
                onChange: () => {
                  ownAmount.current = true;
                },
              })}
            />
            <Button type="submit" isLoading={inProgress} loadingText={PAYMENT_MESSAGES.inProgress}>
              Payer
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
        </>
      )}
    </section>
  );
}
