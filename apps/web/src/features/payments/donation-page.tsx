import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_DONATION_PURPOSE, DONATION_PURPOSE_LABELS, DONATION_PURPOSES } from '@shared/constants';
import { formatFcfa } from '@shared/format';
import { type DonationInitiateInput, donationInitiateSchema } from '@shared/schemas/donation';
import { PAYMENT_MESSAGES } from '@shared/schemas/payment';
import type { z } from '@shared/zod-fr';
import { Button } from '@web/components/ui/button';
import { SelectField, TextField } from '@web/components/ui/field';
import { PageTitle } from '@web/components/ui/page-title';
import { api } from '@web/lib/api-client';
import { applyServerErrors } from '@web/lib/apply-server-errors';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useKeptValues } from '@web/lib/kept-form-values';
import { notifyCheckoutError } from './checkout-errors';
import { ReceiptNotice } from './receipt-notice';
import { useReturnFlow } from './use-return-flow';

type DonationValues = z.output<typeof donationInitiateSchema>;
const PURPOSE_OPTIONS = DONATION_PURPOSES.map((p) => ({ value: p, label: DONATION_PURPOSE_LABELS[p] }));

export default function DonationPage() {
  const { receiptUrl } = useReturnFlow('donation');
  const [inProgress, setInProgress] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors },
  } = useForm<DonationInitiateInput, unknown, DonationValues>({
    resolver: zodResolver(donationInitiateSchema),
    defaultValues: { amount: '', purpose: DEFAULT_DONATION_PURPOSE },
  });
  // Typed before hydration only: a payment is never kept as a draft, queued or replayed.
  useKeptValues({ setValue, watch });
  const amount = Number(watch('amount'));

  const onSubmit = async (values: DonationValues) => {
    setInProgress(true);
    try {
      const { url } = await api.post<{ url: string }>('/donation/initiate', values, { token: null });
      window.location.assign(url);
    } catch (error) {
      setInProgress(false);
      if (!applyServerErrors(error, setError)) notifyCheckoutError(error);
    }
  };

  return (
    <section className="mx-auto max-w-xl px-4 py-10">
      <PageTitle title="Faire un Don">Faire un Don</PageTitle>
      <p className="mb-6 text-slate-700">
        Votre don soutient directement nos actions au Bénin. Paiement sécurisé par Mobile Money ou carte bancaire.
      </p>
      <ReceiptNotice receiptUrl={receiptUrl} />
      <form
        noValidate
        onSubmit={handleSubmit(onSubmit)}
        className="flex flex-col gap-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
      >
        <TextField
          label="Montant (FCFA)"
          inputMode="numeric"
          required
          hint={Number.isInteger(amount) && amount > 0 ? formatFcfa(amount) : undefined}
          error={errors.amount?.message}
          {...register('amount')}
        />
        <SelectField label="Cause" required options={PURPOSE_OPTIONS} error={errors.purpose?.message} {...register('purpose')} />
        <Button type="submit" isLoading={inProgress} loadingText={PAYMENT_MESSAGES.inProgress}>
          Faire un don
        </Button>
      </form>
    </section>
  );
}
