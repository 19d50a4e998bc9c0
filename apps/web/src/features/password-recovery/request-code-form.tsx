import type { ForgotPasswordInput, forgotPasswordSchema } from '@shared/schemas/password-recovery';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormCard } from '@web/components/forms/form-card';
import { TelephoneField } from '@web/components/forms/telephone-field';
import { Button } from '@web/components/ui/button';
import { showSubmitError } from '@web/lib/apply-server-errors';
import { requestCode } from './api';
import { lazyZodResolver } from '@web/lib/lazy-resolver';

const forgotPasswordSchemaResolver = lazyZodResolver(() => import('@shared/schemas/password-recovery').then((m) => m.forgotPasswordSchema));

type Values = z.output<typeof forgotPasswordSchema>;

/** Step 1: the telephone the account uses; the server answers the same whether or not it knows it. */
export function RequestCodeForm({ onSent }: { onSent: (telephone: string, message: string) => void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordInput, unknown, Values>({ resolver: forgotPasswordSchemaResolver, defaultValues: { telephone: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { message } = await requestCode(values);
      onSent(values.telephone, message);
    } catch (error) {
      showSubmitError(error, setError);
    }
  });

  return (
    <FormCard layout="grid" onSubmit={onSubmit} aria-label="Demander un code">
      <p className="text-slate-700">Saisissez le numéro de téléphone de votre compte : nous vous enverrons un code par SMS.</p>
      <TelephoneField required error={errors.telephone?.message} {...register('telephone')} />
      <Button type="submit" isLoading={isSubmitting} loadingText="Envoi…">
        Recevoir un code
      </Button>
    </FormCard>
  );
}
