import { zodResolver } from '@hookform/resolvers/zod';
import { DONATION_PURPOSE_LABELS, DONATION_PURPOSES, PAYMENT_TYPE_LABELS, PAYMENT_TYPES } from '@shared/constants';
import { formatFcfa } from '@shared/format';
import {
  OFFLINE_METHOD_LABELS,
  OFFLINE_METHODS,
  OFFLINE_MESSAGES,
  type OfflinePaymentInput,
  type OfflinePaymentResponse,
  offlinePaymentSchema,
} from '@shared/schemas/offline-payment';
import { useQueryClient } from '@tanstack/react-query';
import { ReceiptLink } from '@web/components/admin/receipt-link';
import { Button } from '@web/components/ui/button';
import { SelectField, TextField } from '@web/components/ui/field';
import { showSubmitError } from '@web/lib/apply-server-errors';
import { ApiError } from '@web/lib/api-client';
import { notify } from '@web/lib/notify';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { recordOfflinePayment, useTreasuryAccountChoices } from './api';

// « Enregistrer un paiement reçu »: cash at a meeting, mobile money sent directly, a transfer or a cheque.
// The server records it as approved with its own receipt number; the form only collects it.

const today = () => new Date().toISOString().slice(0, 10);
const options = <K extends string>(keys: readonly K[], labels: Record<K, string>) => keys.map((k) => ({ value: k, label: labels[k] }));

export function OfflinePaymentView() {
  const queryClient = useQueryClient();
  const [recorded, setRecorded] = useState<OfflinePaymentResponse | null>(null);
  // The values the server refused as a likely double entry (409), with its warning: sent again only once confirmed.
  const [duplicate, setDuplicate] = useState<{ values: OfflinePaymentInput; warning: string } | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<OfflinePaymentInput>({
    resolver: zodResolver(offlinePaymentSchema),
    mode: 'onTouched',
    defaultValues: {
      kind: 'donation',
      amount: '',
      name: '',
      telephone: '',
      method: 'especes',
      reference: '',
      received_at: today(),
      purpose: 'sante',
      payment_type: 'cotisation',
      account: '',
    },
  });
  const kind = watch('kind');
  // The treasury account the money went into (optional: by default the first account of the kind its method implies).
  const accounts = useTreasuryAccountChoices();

  const onValid = async (values: OfflinePaymentInput, confirmDuplicate = false) => {
    setDuplicate(null);
    try {
      const body = {
        ...values,
        purpose: values.kind === 'donation' ? values.purpose : undefined,
        payment_type: values.kind === 'payment' ? values.payment_type : undefined,
        ...(confirmDuplicate ? { confirm_duplicate: true } : {}),
      };
      const res = await recordOfflinePayment(body);
      setRecorded(res);
      notify.success(res.message);
      reset({ ...values, amount: '', name: '', telephone: '', reference: '' });
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setDuplicate({ values, warning: error.message || OFFLINE_MESSAGES.duplicate });
      else showSubmitError(error, setError);
    }
  };

  return (
    <section aria-labelledby="offline-title" className="space-y-4">
      <h2 id="offline-title" className="text-2xl font-bold text-emerald-950">
        Enregistrer un paiement reçu
      </h2>
      <p className="text-slate-700">
        Argent reçu hors de la plateforme : il est enregistré comme approuvé, avec un reçu numéroté, et compté dans les totaux.
      </p>
      {recorded && (
        <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 p-4 text-emerald-900">
          {OFFLINE_MESSAGES.recorded} {formatFcfa(recorded.amount)} — reçu{' '}
          <ReceiptLink url={recorded.receipt_url} number={recorded.receipt_number} />
        </p>
      )}
      {duplicate && (
        <div role="alert" className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <p>{duplicate.warning}</p>
          <div className="flex flex-wrap gap-2">
            <Button type="button" onClick={() => void onValid(duplicate.values, true)}>
              Confirmer
            </Button>
            <Button type="button" variant="secondary" onClick={() => setDuplicate(null)}>
              Annuler
            </Button>
          </div>
        </div>
      )}
      <form
        noValidate
        onSubmit={handleSubmit((values) => onValid(values))}
        aria-label="Enregistrer un paiement reçu"
        className="grid max-w-2xl gap-4 rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2"
      >
        <SelectField
          label="Nature"
          error={errors.kind?.message}
          options={[
            { value: 'donation', label: 'Don' },
            { value: 'payment', label: 'Adhésion ou cotisation' },
          ]}
          {...register('kind')}
        />
        {kind === 'payment' ? (
          <SelectField
            label="Type de paiement"
            error={errors.payment_type?.message}
            options={options(PAYMENT_TYPES, PAYMENT_TYPE_LABELS)}
            {...register('payment_type')}
          />
        ) : (
          <SelectField
            label="Cause soutenue"
            error={errors.purpose?.message}
            options={options(DONATION_PURPOSES, DONATION_PURPOSE_LABELS)}
            {...register('purpose')}
          />
        )}
        <TextField label="Montant (FCFA)" inputMode="numeric" error={errors.amount?.message} {...register('amount')} />
        <SelectField
          label="Moyen de paiement"
          error={errors.method?.message}
          options={options(OFFLINE_METHODS, OFFLINE_METHOD_LABELS)}
          {...register('method')}
        />
        <TextField label="Nom du payeur" autoComplete="off" error={errors.name?.message} {...register('name')} />
        <TextField
          label="Téléphone du payeur"
          type="tel"
          autoComplete="off"
          hint={kind === 'payment' ? 'La cotisation compte pour le compte qui a ce numéro.' : undefined}
          error={errors.telephone?.message}
          {...register('telephone')}
        />
        <TextField
          label="Référence"
          hint="N° du reçu papier, du virement ou du chèque."
          error={errors.reference?.message}
          {...register('reference')}
        />
        <TextField label="Date de réception" type="date" max={today()} error={errors.received_at?.message} {...register('received_at')} />
        {accounts.data && accounts.data.length > 0 ? (
          <SelectField
            label="Compte de trésorerie"
            hint="Par défaut : la caisse pour les espèces, la banque pour un virement ou un chèque."
            error={errors.account?.message}
            options={[
              { value: '', label: 'Selon le moyen de paiement' },
              ...accounts.data.map((a) => ({ value: String(a.id), label: a.name })),
            ]}
            {...register('account')}
          />
        ) : null}
        <div className="sm:col-span-2">
          <Button type="submit" isLoading={isSubmitting} loadingText="Enregistrement…">
            Enregistrer le paiement
          </Button>
        </div>
      </form>
    </section>
  );
}
