import type { MessageResponse } from '@shared/schemas/api-common';
import type { PrivacyRequestInput, privacyRequestInputSchema } from '@shared/schemas/privacy';
import { PRIVACY_MESSAGES as M, PRIVACY_REQUEST_KIND_LABELS, PRIVACY_REQUEST_KINDS } from '@shared/zod-free/privacy';
import { FormCard, SendButton } from '@web/components/forms/form-card';
import { TelephoneField } from '@web/components/forms/telephone-field';
import { SelectField, TextAreaField, TextField } from '@web/components/ui/field';
import { ApiError, api } from '@web/lib/api-client';
import { applyServerErrors } from '@web/lib/apply-server-errors';
import { notify } from '@web/lib/notify';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { lazyZodResolver } from '@web/lib/lazy-resolver';

const privacyRequestInputSchemaResolver = lazyZodResolver(() => import('@shared/schemas/privacy').then((m) => m.privacyRequestInputSchema));

// The request form of /confidentialite: the request, then the 6-digit code that proves the telephone it names (sent by
// SMS to it only; by e-mail only when no telephone is given).

type Values = z.output<typeof privacyRequestInputSchema>;
const KIND_OPTIONS = PRIVACY_REQUEST_KINDS.map((k) => ({ value: k, label: PRIVACY_REQUEST_KIND_LABELS[k] }));

export function RequestForm() {
  const [pending, setPending] = useState<{ id: number; message: string; bySms: boolean } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<PrivacyRequestInput, unknown, Values>({
    resolver: privacyRequestInputSchemaResolver,
    mode: 'onTouched',
    defaultValues: { kind: 'acces' },
  });
  const errors = form.formState.errors;

  const onValid = async (values: Values) => {
    try {
      const res = await api.post<{ id: number; message: string }>('/privacy/requests', values, { token: null });
      setPending({ ...res, bySms: Boolean(values.telephone) });
    } catch (error) {
      if (!(error instanceof ApiError && applyServerErrors(error, form.setError)))
        notify.error(error instanceof ApiError ? error.message : M.codeInvalid);
    }
  };

  if (done)
    return (
      <p role="status" className="rounded-lg bg-emerald-50 p-4 font-medium text-emerald-900 ring-1 ring-emerald-200">
        {done}
      </p>
    );
  if (pending) return <CodeStep id={pending.id} message={pending.message} bySms={pending.bySms} onDone={setDone} />;
  return (
    <FormCard onSubmit={form.handleSubmit(onValid)} aria-label="Demande sur mes données personnelles">
      <SelectField label="Type de demande" options={KIND_OPTIONS} error={errors.kind?.message} {...form.register('kind')} />
      <TelephoneField
        hint="Un code vous sera envoyé par SMS pour confirmer que ce numéro est le vôtre."
        error={errors.telephone?.message}
        {...form.register('telephone')}
      />
      <TextField
        label="E-mail (seulement si vous n’avez pas de numéro)"
        hint="Sans numéro de téléphone, le code vous est envoyé par e-mail et la demande porte sur les données de cette adresse seulement."
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <TextAreaField label="Votre demande" rows={4} error={errors.details?.message} {...form.register('details')} />
      <SendButton isLoading={form.formState.isSubmitting}>Envoyer la demande</SendButton>
    </FormCard>
  );
}

function CodeStep({ id, message, bySms, onDone }: { id: number; message: string; bySms: boolean; onDone: (message: string) => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(code.replace(/\s/g, ''))) return setError(M.codeFormat);
    setBusy(true);
    try {
      const res = await api.post<MessageResponse>(`/privacy/requests/${id}/verify`, { code }, { token: null });
      onDone(res.message);
    } catch (err) {
      setError(err instanceof ApiError ? (err.errors?.code?.[0] ?? err.message) : M.codeInvalid);
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormCard onSubmit={submit} aria-label="Code de confirmation">
      <p role="status" className="text-emerald-900">
        {message}
      </p>
      <TextField
        label={bySms ? 'Code reçu par SMS' : 'Code reçu par e-mail'}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={error}
      />
      <SendButton isLoading={busy}>Confirmer</SendButton>
    </FormCard>
  );
}
