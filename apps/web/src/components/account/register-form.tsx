import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_ROLE, ROLE_LABELS, type Role } from '@shared/constants';
import { type RegisterData, type RegisteredUser, type RegisterInput, REGISTER_MESSAGES, registerSchema } from '@shared/schemas/register';
import { Controller } from 'react-hook-form';
import { useKeptForm } from '@web/lib/kept-form-values';
import { ZoneField } from '@web/components/ui/zone-field';
import { Button } from '@web/components/ui/button';
import { SelectField, TextField } from '@web/components/ui/field';
import { ApiError } from '@web/lib/api-client';
import { applyServerErrors } from '@web/lib/apply-server-errors';
import { notify } from '@web/lib/notify';
import { session } from '@web/lib/session';
import { registerRequest } from './register-request';
import { PasswordField } from './password-field';

export interface RegisterFormProps {
  /** The roles offered; the default is consommateur when offered (docs/product/limits.md). */
  roles: readonly Role[];
  submitLabel: string;
  onCreated?: (user: RegisteredUser) => void;
}

/** The registration fields shared by /inscription and the dashboards' add-user modal (docs/product/screens.md, docs/product/validation.md, docs/product/errors.md). */
export function RegisterForm({ roles, submitLabel, onCreated }: RegisterFormProps) {
  const defaultRole = roles.includes(DEFAULT_ROLE) ? DEFAULT_ROLE : roles[0];
  const { register, control, handleSubmit, reset, setError, errors, isSubmitting } = useKeptForm<RegisterInput, RegisterData>({
    resolver: zodResolver(registerSchema),
    defaultValues: { name: '', email: '', telephone: '', password: '', role: defaultRole, zone: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    const creatorId = session.userId();
    if (!session.token() || !creatorId) {
      notify.error(REGISTER_MESSAGES.failure);
      return;
    }
    try {
      const answer = await registerRequest(values, creatorId);
      notify.success(answer.message || REGISTER_MESSAGES.success);
      reset();
      // A new administrator waits for a second administrator's approval (« Changements en attente »).
      if ('user' in answer) onCreated?.(answer.user);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        applyServerErrors(error, setError);
        notify.error(REGISTER_MESSAGES.validation);
      } else {
        notify.error(REGISTER_MESSAGES.failure);
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <TextField label="Nom" autoComplete="name" required error={errors.name?.message} {...register('name')} />
      <TextField
        label="Email (facultatif)"
        type="email"
        autoComplete="email"
        hint="Sans e-mail, les messages partent par SMS."
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Téléphone"
        type="number"
        inputMode="numeric"
        autoComplete="tel"
        required
        error={errors.telephone?.message}
        {...register('telephone')}
      />
      <Controller
        control={control}
        name="zone"
        render={({ field }) => <ZoneField label="Zone" value={field.value ?? ''} onChange={field.onChange} error={errors.zone?.message} />}
      />
      <PasswordField
        label="Mot de passe"
        autoComplete="new-password"
        required
        hint="Au moins 8 caractères."
        error={errors.password?.message}
        {...register('password')}
      />
      <SelectField
        label="Rôle"
        required
        options={roles.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
        error={errors.role?.message}
        {...register('role')}
      />
      <Button type="submit" isLoading={isSubmitting} loadingText="En cours...">
        {submitLabel}
      </Button>
    </form>
  );
}
