import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_PAYMENT_TYPE, PAYMENT_TYPE_LABELS, PAYMENT_TYPES, type PaymentType } from '@shared/constants';
import { formatFcfa } from '@shared/format';
import { PAYMENT_MESSAGES, type PaymentInitiate, type PaymentInitiateInput, paymentInitiateSchema } from '@shared/schemas/payment';
import type { Profile } from '@shared/schemas/profile';
import { useQuery } from '@tanstack/react-query';
import { TelephoneField } from '@web/components/forms/telephone-field';
import { Button } from '@web/components/ui/button';
import { SelectField, TextField } from '@web/components/ui/field';
import { PageTitle } from '@web/components/ui/page-title';
import { api } from '@web/lib/api-client';
import { session } from '@web/lib/session';
import { useEffect } from 'react';
import { useKeptForm } from '@web/lib/kept-form-values';
import { useSearchParams } from 'react-router';
import { ReceiptNotice } from './receipt-notice';
import { useCheckout } from './use-checkout';
import { useReturnFlow } from './use-return-flow';

const requestedType = (value: string | null): PaymentType =>
  (PAYMENT_TYPES as readonly string[]).includes(value ?? '') ? (value as PaymentType) : DEFAULT_PAYMENT_TYPE;

const TYPE_OPTIONS = PAYMENT_TYPES.map((t) => ({ value: t, label: PAYMENT_TYPE_LABELS[t] }));

export default function PaymentPage() {
  const { receiptUrl } = useReturnFlow('payment');
  const hasToken = Boolean(session.token());
  const [searchParams] = useSearchParams();
  // A signed-in member pays with the e-mail of the profile, shown read-only.
  const profile = useQuery({
    queryKey: ['profile'],
    queryFn: () => api.get<Profile>('/profile'),
    enabled: hasToken,
    retry: false,
    staleTime: 60_000,
  });
  const profileEmail = profile.data?.email ?? '';

  // Typed before hydration only (no draft): a payment is never kept as a draft, queued or replayed.
  const { register, handleSubmit, setError, setValue, getValues, watch, errors } = useKeptForm<PaymentInitiateInput, PaymentInitiate>({
    resolver: zodResolver(paymentInitiateSchema),
    // `?type=cotisation` (the member space's « Renouveler ma cotisation ») pre-selects the type.
    defaultValues: { name: '', email: '', phone: '', amount: '', payment_type: requestedType(searchParams.get('type')) },
  });
  // Stays "En cours..." while the browser leaves for the checkout.
  const { inProgress, start } = useCheckout('/payment/initiate', setError);

  useEffect(() => {
    if (!profile.data) return;
    if (profile.data.email) setValue('email', profile.data.email);
    if (!getValues('name') && profile.data.name) setValue('name', profile.data.name);
    if (!getValues('phone') && profile.data.telephone) setValue('phone', profile.data.telephone);
  }, [profile.data, setValue, getValues]);

  const amount = Number(watch('amount'));

  return (
    <section className="mx-auto max-w-xl px-4 py-10">
      <PageTitle title="Faire un Paiement">Faire un Paiement</PageTitle>
      <ReceiptNotice receiptUrl={receiptUrl} />
      <form
        noValidate
        onSubmit={handleSubmit(start)}
        className="flex flex-col gap-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
      >
        <TextField label="Nom" autoComplete="name" required error={errors.name?.message} {...register('name')} />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          readOnly={Boolean(profileEmail)}
          hint={profileEmail ? 'Adresse e-mail de votre profil.' : undefined}
          className={profileEmail ? 'bg-slate-100' : undefined}
          error={errors.email?.message}
          {...register('email')}
        />
        <TelephoneField required error={errors.phone?.message} {...register('phone')} />
        <TextField
          label="Montant (FCFA)"
          inputMode="numeric"
          required
          hint={Number.isInteger(amount) && amount > 0 ? formatFcfa(amount) : undefined}
          error={errors.amount?.message}
          {...register('amount')}
        />
        <SelectField
          label="Type de paiement"
          required
          options={TYPE_OPTIONS}
          error={errors.payment_type?.message}
          {...register('payment_type')}
        />
        <Button type="submit" isLoading={inProgress} loadingText={PAYMENT_MESSAGES.inProgress}>
          Payer
        </Button>
      </form>
    </section>
  );
}
