import { zodResolver } from '@hookform/resolvers/zod';
import { type LoginInput, loginSchema } from '@shared/schemas/auth';
import type { z } from 'zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/field';
import { Modal } from '@web/components/ui/modal';
import { ApiError } from '@web/lib/api-client';
import { notify } from '@web/lib/notify';
import { type CreatedUser, useLoginAs } from './api/adviser';

export const LOGIN_AS_FAILURE = 'Échec de la connexion. Vérifiez vos informations et réessayez.';

/** "Se connecter" as one of the adviser's users: telephone prefilled, the user's password (spec §2, §4). */
export function LoginAsModal({
  user,
  onClose,
  onLoggedIn,
}: {
  user: CreatedUser;
  onClose: () => void;
  onLoggedIn: (token: string) => void;
}) {
  const mutation = useLoginAs();
  const [showPassword, setShowPassword] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof loginSchema>, unknown, LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { telephone: user.telephone, password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { token } = await mutation.mutateAsync({ telephone: String(values.telephone), password: values.password });
      onLoggedIn(token);
    } catch (error) {
      notify.error(LOGIN_AS_FAILURE);
      const detail = error instanceof ApiError && error.status === 422 ? error.message : null;
      setFailure(detail && detail !== LOGIN_AS_FAILURE ? `${LOGIN_AS_FAILURE} ${detail}` : LOGIN_AS_FAILURE);
    }
  });

  return (
    <Modal isOpen title={`Se connecter en tant que ${user.name}`} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <TextField label="Téléphone" type="tel" autoComplete="off" error={errors.telephone?.message} {...register('telephone')} />
        <TextField
          label="Mot de passe"
          type={showPassword ? 'text' : 'password'}
          autoComplete="off"
          autoFocus
          error={errors.password?.message}
          {...register('password')}
        />
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={showPassword}
            onChange={(e) => setShowPassword(e.target.checked)}
            className="h-4 w-4 accent-emerald-800"
          />
          Afficher le mot de passe
        </label>
        {failure ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
            {failure}
          </p>
        ) : null}
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" isLoading={mutation.isPending} loadingText="Connexion...">
            Se connecter
          </Button>
        </div>
      </form>
    </Modal>
  );
}
