import { zodResolver } from '@hookform/resolvers/zod';
import { MARITAL_STATUSES, STORAGE_KEYS } from '@shared/constants';
import { QUESTIONNAIRE_MESSAGES, type Questionnaire, type QuestionnaireInput, questionnaireSchema } from '@shared/schemas/questionnaire';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from '@web/lib/router';
import { Button } from '@web/components/ui/button';
import { SelectField, TextField } from '@web/components/ui/field';
import { PageTitle } from '@web/components/ui/page-title';
import { applyServerErrors } from '@web/lib/apply-server-errors';
import { notify } from '@web/lib/notify';
import { useSubmitQuestionnaire } from './api/submit-questionnaire';
import { NeedsFieldset } from './needs-fieldset';

const MARITAL_OPTIONS = [{ value: '', label: 'Choisissez votre situation' }, ...MARITAL_STATUSES.map((s) => ({ value: s, label: s }))];

/** /questionnaire: the consumer's questionnaire (docs/product/screens.md, docs/product/validation.md, docs/product/errors.md), then the adviser-contact page. */
export default function QuestionnairePage() {
  const navigate = useNavigate();
  const mutation = useSubmitQuestionnaire();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<QuestionnaireInput, unknown, Questionnaire>({
    resolver: zodResolver(questionnaireSchema),
    defaultValues: {
      marital_status: '' as QuestionnaireInput['marital_status'],
      job: '',
      income: '',
      income_total: '',
      monthly_expenses: '',
      needs: [],
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync(values);
      notify.success(QUESTIONNAIRE_MESSAGES.success);
      localStorage.setItem(STORAGE_KEYS.isFirstLogin, 'false');
      window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
      navigate('/consommateur', { state: { fromQuestionnaire: true } });
    } catch (error) {
      applyServerErrors(error, setError);
      notify.error(QUESTIONNAIRE_MESSAGES.failure);
    }
  });

  const amountProps = { type: 'number', inputMode: 'numeric', min: 0, step: 1 } as const;
  return (
    <section className="mx-auto max-w-2xl px-4 py-8 md:py-12">
      <PageTitle title="Questionnaire">Questionnaire</PageTitle>
      <p className="mb-6 text-slate-700">
        Vos réponses nous aident à mieux connaître vos besoins et à vous orienter vers les bons prestataires. Les montants sont en FCFA.
      </p>
      <form onSubmit={onSubmit} noValidate className="grid gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <SelectField
          label="Situation matrimoniale"
          options={MARITAL_OPTIONS}
          error={errors.marital_status?.message}
          {...register('marital_status')}
        />
        <TextField label="Emploi actuel" autoComplete="organization-title" error={errors.job?.message} {...register('job')} />
        <TextField label="Revenu mensuel (FCFA)" {...amountProps} error={errors.income?.message} {...register('income')} />
        <TextField label="Revenu total (FCFA)" {...amountProps} error={errors.income_total?.message} {...register('income_total')} />
        <TextField
          label="Dépenses mensuelles (FCFA)"
          {...amountProps}
          error={errors.monthly_expenses?.message}
          {...register('monthly_expenses')}
        />
        <Controller
          control={control}
          name="needs"
          render={({ field, fieldState }) => (
            <NeedsFieldset value={field.value ?? []} onChange={field.onChange} error={fieldState.error?.message} />
          )}
        />
        <div className="flex justify-end">
          <Button type="submit" isLoading={mutation.isPending} loadingText="Envoi en cours…">
            Soumettre
          </Button>
        </div>
      </form>
    </section>
  );
}
