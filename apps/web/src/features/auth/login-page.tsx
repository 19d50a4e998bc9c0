import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH_MESSAGES, type LoginInput, loginSchema } from '@shared/schemas/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useNavigate } from 'react-router';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/field';
import { PageTitle } from '@web/components/ui/page-title';
import { notify } from '@web/lib/notify';
import { session } from '@web/lib/session';
import { loginRequest } from './api';
import { pathAfterLogin } from './landing';
import { loginErrorMessage } from './login-errors';
import { PasswordField } from './password-field';

type LoginValues = z.output<typeof loginSchema>;

export default function LoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput, unknown, LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { telephone: '', password: '' } });
  // Kept for the form of the specification; the session is stored the same way either way (spec §3 keys).
  const [remember, setRemember] = useState(false);

  const onSubmit = handleSubmit(async ({ telephone, password }) => {
    try {
      const { token, user } = await loginRequest({ telephone, password });
      session.save({ token, role: user.role, userId: user.id, firstLogin: user.first_login, mustChangePassword: user.must_change_password });
      queryClient.clear(); // nothing cached for a previous account survives
      notify.success(AUTH_MESSAGES.loginSuccess);
      navigate(pathAfterLogin(user), { replace: true });
    } catch (error) {
      notify.error(loginErrorMessage(error));
    }
  });

  return (
    <section className="mx-auto w-full max-w-md px-4 py-10">
      <PageTitle title="Connectez-vous">Connectez-vous</PageTitle>
      <form onSubmit={onSubmit} noValidate className="grid gap-4 rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200" aria-label="Connexion">
        <TextField
          label="Téléphone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          error={errors.telephone?.message}
          {...register('telephone')}
        />
        <PasswordField label="Mot de passe" autoComplete="current-password" required error={errors.password?.message} {...register('password')} />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <label className="flex min-h-11 items-center gap-2 text-slate-800">
            <input
              type="checkbox"
              name="remember"
              checked={remember}
              onChange={(e) => setRemember(e.target.checked)}
              className="h-5 w-5 accent-emerald-800"
            />
            Se souvenir de moi
          </label>
          {/* biome-ignore lint/a11y/useValidAnchor: the specification's forgot-password link goes nowhere (href="#"). */}
          <a href="#" className="text-emerald-900 underline underline-offset-2 hover:text-emerald-700">
            Mot de passe oublié ?
          </a>
        </div>
        <Button type="submit" isLoading={isSubmitting} loadingText="Connexion...">
          Se connecter
        </Button>
      </form>
    </section>
  );
}
