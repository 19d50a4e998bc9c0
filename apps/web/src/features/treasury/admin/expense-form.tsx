import { zodResolver } from '@hookform/resolvers/zod';
import { DONATION_PURPOSE_LABELS, DONATION_PURPOSES } from '@shared/constants';
import {
  EXPENSE_CATEGORIES,
  EXPENSE_CATEGORY_LABELS,
  EXPENSE_METHOD_LABELS,
  EXPENSE_METHOD_OF_ACCOUNT_KIND,
  EXPENSE_METHODS,
  EXPENSE_PROOF_RULE,
  type ExpenseFieldsInput,
  expenseFieldsSchema,
  overdraftWarning,
} from '@shared/schemas/treasury';
import { Button } from '@web/components/ui/button';
import { SelectField, TextAreaField, TextField } from '@web/components/ui/field';
import { api } from '@web/lib/api-client';
import { showSubmitError } from '@web/lib/apply-server-errors';
import { notify } from '@web/lib/notify';
import { toFormData } from '@web/lib/use-upload-submit';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useAccounts, useRefreshTreasury } from '../api';
import { optionsOf, Panel, today } from './panel';

// A new expense with its proof (PDF, JPEG or PNG, 5 Mo at most), sent as multipart like the public forms' files.

export function ExpenseForm() {
  const accounts = useAccounts();
  const refresh = useRefreshTreasury();
  const proof = useRef<HTMLInputElement>(null);
  const [proofError, setProofError] = useState<string | undefined>();
  // A new file input after each save: its shown name (components/ui/field.tsx) goes with the old one.
  const [proofKey, setProofKey] = useState(0);
  // Until the person picks a method, it follows the chosen account's kind (bank → transfer, wallet → mobile money).
  const methodChosen = useRef(false);
  const form = useForm<ExpenseFieldsInput>({
    resolver: zodResolver(expenseFieldsSchema),
    mode: 'onTouched',
    defaultValues: {
      amount: '',
      category: 'alimentation',
      purpose: '',
      account: '',
      paid_at: today(),
      method: 'especes',
      payee: '',
      reference: '',
      description: '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const accountOptions = [
    { value: '', label: 'Choisir un compte' },
    ...(accounts.data ?? []).map((a) => ({ value: String(a.id), label: a.name })),
  ];

  // Money going out below zero is allowed (the API accepts it) but said before it is recorded.
  const [accountId, amount] = form.watch(['account', 'amount']);
  const overdraft = overdraftWarning(
    (accounts.data ?? []).find((a) => String(a.id) === String(accountId)),
    String(amount ?? ''),
  );

  const onValid = async (values: ExpenseFieldsInput) => {
    const file = proof.current?.files?.[0];
    if (!file) return setProofError(EXPENSE_PROOF_RULE.requiredMessage);
    if (file.size > EXPENSE_PROOF_RULE.maxBytes) return setProofError(EXPENSE_PROOF_RULE.sizeMessage);
    setProofError(undefined);
    try {
      const res = await api.post<{ message: string }>('/admin/expenses', toFormData(values, { proof: file }));
      notify.success(res.message);
      // A blank form for the next expense: no cause nor proof carried over from this one.
      form.reset();
      methodChosen.current = false;
      setProofKey((k) => k + 1);
      refresh();
    } catch (error) {
      const errs = (error as { errors?: Record<string, string[]> }).errors;
      if (errs?.proof?.[0]) setProofError(errs.proof[0]);
      showSubmitError(error, form.setError);
    }
  };

  return (
    <Panel title="Enregistrer une dépense">
      <form noValidate onSubmit={form.handleSubmit(onValid)} aria-label="Enregistrer une dépense" className="grid gap-3 sm:grid-cols-2">
        <TextField label="Montant (FCFA)" inputMode="numeric" error={errors.amount?.message} {...form.register('amount')} />
        <SelectField
          label="Compte"
          options={accountOptions}
          error={errors.account?.message}
          {...form.register('account', {
            onChange: (event: { target: { value: string } }) => {
              const kind = (accounts.data ?? []).find((a) => String(a.id) === event.target.value)?.kind;
              if (kind && !methodChosen.current) form.setValue('method', EXPENSE_METHOD_OF_ACCOUNT_KIND[kind]);
            },
          })}
        />
        <SelectField
          label="Catégorie"
          options={optionsOf(EXPENSE_CATEGORIES, EXPENSE_CATEGORY_LABELS)}
          error={errors.category?.message}
          {...form.register('category')}
        />
        <SelectField
          label="Cause servie (facultatif)"
          options={[{ value: '', label: 'Aucune' }, ...optionsOf(DONATION_PURPOSES, DONATION_PURPOSE_LABELS)]}
          error={errors.purpose?.message}
          {...form.register('purpose')}
        />
        <SelectField
          label="Moyen de paiement"
          options={optionsOf(EXPENSE_METHODS, EXPENSE_METHOD_LABELS)}
          error={errors.method?.message}
          {...form.register('method', {
            onChange: () => {
              methodChosen.current = true;
            },
          })}
        />
        <TextField label="Date de paiement" type="date" max={today()} error={errors.paid_at?.message} {...form.register('paid_at')} />
        <TextField label="Bénéficiaire" error={errors.payee?.message} {...form.register('payee')} />
        <TextField label="Référence (facultative)" error={errors.reference?.message} {...form.register('reference')} />
        <TextAreaField
          label="Description"
          containerClassName="sm:col-span-2"
          error={errors.description?.message}
          {...form.register('description')}
        />
        <TextField
          key={proofKey}
          ref={proof}
          label="Justificatif (PDF, JPEG ou PNG, 5 Mo au plus)"
          type="file"
          name="proof"
          accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
          error={proofError}
          containerClassName="sm:col-span-2"
        />
        {overdraft ? (
          <p role="status" className="rounded-md border border-amber-600 bg-amber-50 p-3 font-semibold text-amber-900 sm:col-span-2">
            {overdraft}
          </p>
        ) : null}
        <div className="sm:col-span-2">
          <Button type="submit" isLoading={isSubmitting} loadingText="Enregistrement…">
            Enregistrer la dépense
          </Button>
        </div>
      </form>
    </Panel>
  );
}
