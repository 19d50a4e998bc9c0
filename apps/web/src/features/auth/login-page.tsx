import type { LoginInput, LoginResponse, loginSchema } from '@shared/schemas/auth';
import { AUTH_MESSAGES } from '@shared/zod-free/auth';
import { useState } from 'react';
import { useKeptForm } from '@web/lib/kept-form-values';
import type { z } from 'zod';
import { Link, useNavigate } from '@web/lib/router';
import { FormCard } from '@web/components/forms/form-card';
import { TelephoneField } from '@web/components/forms/telephone-field';
import { Button } from '@web/components/ui/button';
import { PageTitle } from '@web/components/ui/page-title';
import { clearCachedQueries } from '@web/lib/cached-queries';
import { lazyZodResolver } from '@web/lib/lazy-resolver';
import { notify } from '@web/lib/notify';
import { session } from '@web/lib/session';
import { loginRequest } from './api';
import { CodeLoginForm } from './code-login-form';
import { pathAfterLogin } from './landing';
import { loginErrorMessage } from './login-errors';
import { PasswordField } from '@web/components/account/password-field';

type LoginValues = z.output<typeof loginSchema>;

const resolver = lazyZodResolver(() => import('@shared/schemas/auth').then((m) => m.loginSchema));

export default function LoginPage() {
  const navigate = useNavigate();
  const { register, handleSubmit, errors, isSubmitting } = useKeptForm<LoginInput, LoginValues>({
    resolver,
    defaultValues: { telephone: '', password: '', remember: false },
  });

  const [withCode, setWithCode] = useState(false);
  // Signed in: the next page's code may take seconds on a slow link; the button stays busy meanwhile, not offered again.
  const [leaving, setLeaving] = useState(false);
  const signedIn = ({ token, user }: LoginResponse) => {
    setLeaving(true);
    session.save({
      token,
      role: user.role,
      userId: user.id,
      firstLogin: user.first_login,
      mustChangePassword: user.must_change_password,
    });
    clearCachedQueries(); // nothing cached for a previous account survives
    notify.success(AUTH_MESSAGES.loginSuccess);
    navigate(pathAfterLogin(user), { replace: true });
  };

  // Unticked, the server issues a short session (12 h); ticked, 30 days (apps/api/src/platform/lib/tokens.ts).
  const onSubmit = handleSubmit(async ({ telephone, password, remember }) => {
    try {
      signedIn(await loginRequest({ telephone, password, remember: remember === true }));
    } catch (error) {
      notify.error(loginErrorMessage(error));
    }
  });

  return (
    <section className="mx-auto w-full max-w-md px-4 py-10">
      <PageTitle title="Connectez-vous">Connectez-vous</PageTitle>
      {withCode ? (
        <>
          <CodeLoginForm onSignedIn={signedIn} />
          <Button type="button" variant="ghost" className="mt-4 w-full" onClick={() => setWithCode(false)}>
            Se connecter avec un mot de passe
          </Button>
        </>
      ) : (
        <>
          <FormCard layout="grid" onSubmit={onSubmit} aria-label="Connexion">
            <TelephoneField required error={errors.telephone?.message} {...register('telephone')} />
            <PasswordField
              label="Mot de passe"
              autoComplete="current-password"
              required
              error={errors.password?.message}
              {...register('password')}
            />
            <div className="flex flex-wrap items-center justify-between gap-3">
              <label className="flex min-h-11 items-center gap-2 text-slate-800">
                <input type="checkbox" {...register('remember')} className="h-5 w-5 accent-emerald-800" />
                Se souvenir de moi
              </label>
              {/* docs/product/recovery.md: the link leads to /mot-de-passe-oublie (docs/product/screens.md's goes nowhere). */}
              <Link to="/mot-de-passe-oublie" className="text-emerald-900 underline underline-offset-2 hover:text-emerald-700">
                Mot de passe oublié ?
              </Link>
            </div>
            <Button type="submit" isLoading={isSubmitting || leaving} loadingText="Connexion…">
              Se connecter
            </Button>
          </FormCard>
          {/* Members, sympathisants and consumers may sign in with a code sent to their phone instead. */}
          <Button type="button" variant="secondary" className="mt-4 w-full" onClick={() => setWithCode(true)}>
            Recevoir un code par SMS
          </Button>
        </>
      )}
    </section>
  );
}
