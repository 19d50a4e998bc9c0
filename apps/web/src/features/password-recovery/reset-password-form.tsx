import type { ResetPasswordInput, resetPasswordSchema } from '@shared/schemas/password-recovery';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormCard } from '@web/components/forms/form-card';
import { TelephoneField } from '@web/components/forms/telephone-field';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/field';
import { showSubmitError } from '@web/lib/apply-server-errors';
import { resetPassword } from './api';
import { lazyZodResolver } from '@web/lib/lazy-resolver';

const resetPasswordSchemaResolver = lazyZodResolver(() => import('@shared/schemas/password-recovery').then((m) => m.resetPasswordSchema));

type Values = z.output<typeof resetPasswordSchema>;

/** Step 2: the code received by SMS and the new password. */
export function ResetPasswordForm({
  telephone,
  onDone,
  onRestart,
}: {
  telephone: string;
  onDone: (message: string) => void;
  onRestart: () => void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordInput, unknown, Values>({
    resolver: resetPasswordSchemaResolver,
    defaultValues: { telephone, code: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      onDone((await resetPassword(values)).message);
    } catch (error) {
      showSubmitError(error, setError);
    }
  });

  return (
    <FormCard layout="grid" onSubmit={onSubmit} aria-label="Choisir un nouveau mot de passe">
      <TelephoneField required error={errors.telephone?.message} {...register('telephone')} />
      <TextField
        label="Code reçu par SMS"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        required
        error={errors.code?.message}
        {...register('code')}
      />
      <TextField
        label="Nouveau mot de passe"
        type="password"
        autoComplete="new-password"
        hint="8 caractères au moins."
        required
        error={errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" isLoading={isSubmitting} loadingText="Enregistrement…">
        Changer le mot de passe
      </Button>
      <button type="button" onClick={onRestart} className="min-h-11 text-emerald-900 underline underline-offset-2 hover:text-emerald-700">
        Je n’ai pas reçu de code
      </button>
    </FormCard>
  );
}
