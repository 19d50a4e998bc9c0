import { zodResolver } from '@hookform/resolvers/zod';
import {
  type ChoosePasswordInput,
  chooseFirstPasswordSchema,
  choosePasswordSchema,
  PROFILE_MESSAGES,
  type Profile,
  type ProfileUpdateResponse,
} from '@shared/schemas/profile';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from '@web/lib/router';
import { Button } from '@web/components/ui/button';
import { PageTitle } from '@web/components/ui/page-title';
import { ApiError, api } from '@web/lib/api-client';
import { applyServerErrors } from '@web/lib/apply-server-errors';
import { notify } from '@web/lib/notify';
import { session } from '@web/lib/session';
import { pathAfterLogin } from './landing';
import { PasswordField } from '@web/components/account/password-field';
import { inCodeWindow } from '@web/components/account/use-profile';
import { Spinner } from '@web/components/ui/spinner';

/**
 * /choisir-mot-de-passe (docs/product/accounts.md "Every account has a home"): an account created by an adviser or an
 * administrator chooses its own password before anything else, with the one it was given as the current one — or,
 * within 15 minutes of signing in by SMS code, without it (the server says which: `current_password_required`).
 */
export default function ChoosePasswordPage() {
  // The server says whether this session came from an SMS code less than 15 minutes ago (any tab).
  // This route stands outside the query provider: a plain request. Unanswered, this tab's own mark decides.
  const [codeWindow, setCodeWindow] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    api
      .get<Profile>('/profile')
      .then((profile) => live && setCodeWindow(inCodeWindow(profile)))
      .catch(() => live && setCodeWindow(session.signedInByCodeRecently()));
    return () => {
      live = false;
    };
  }, []);
  if (codeWindow === null)
    return (
      <div className="py-10">
        <Spinner />
      </div>
    );
  return <ChoosePasswordStep codeWindow={codeWindow} />;
}

function ChoosePasswordStep({ codeWindow }: { codeWindow: boolean }) {
  // Past the 15 minutes the server asks for the old password: the form then shows its field.
  const [needsCurrent, setNeedsCurrent] = useState(!codeWindow);
  return <ChoosePasswordForm key={String(needsCurrent)} needsCurrent={needsCurrent} onNeedsCurrent={() => setNeedsCurrent(true)} />;
}

function ChoosePasswordForm({ needsCurrent, onNeedsCurrent }: { needsCurrent: boolean; onNeedsCurrent: () => void }) {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ChoosePasswordInput>({
    resolver: zodResolver((needsCurrent ? choosePasswordSchema : chooseFirstPasswordSchema) as typeof choosePasswordSchema),
    defaultValues: { current_password: '', password: '', confirmation: '' },
  });

  const onSubmit = handleSubmit(async ({ current_password, password }) => {
    try {
      const profile = await api.get<Profile>('/profile');
      await api.put<ProfileUpdateResponse>('/profile', {
        name: profile.name,
        email: profile.email,
        telephone: profile.telephone,
        password,
        current_password: needsCurrent ? current_password : undefined,
      });
      session.clearMustChangePassword();
      notify.success('Votre mot de passe est enregistré.');
      navigate(pathAfterLogin({ role: profile.role, first_login: session.isFirstLogin() }), { replace: true });
    } catch (error) {
      if (!needsCurrent && error instanceof ApiError && error.status === 422 && error.errors?.current_password) {
        notify.error('Le code SMS date de plus de 15 minutes : saisissez le mot de passe reçu, ou demandez-en un nouveau.');
        return onNeedsCurrent();
      }
      if (error instanceof ApiError && error.status === 422 && applyServerErrors(error, setError)) return;
      notify.error(PROFILE_MESSAGES.updateFailure);
    }
  });

  return (
    <section className="mx-auto w-full max-w-md px-4 py-10">
      <div className="mx-auto mb-4 flex h-14 w-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-800">
        <KeyRound aria-hidden size={28} />
      </div>
      <PageTitle title="Choisissez votre mot de passe">Choisissez votre mot de passe</PageTitle>
      <p className="mb-6 text-slate-700">{PROFILE_MESSAGES.mustChangePassword}</p>
      <form
        onSubmit={onSubmit}
        noValidate
        className="grid gap-4 rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200"
        aria-label="Choisir mon mot de passe"
      >
        {needsCurrent ? (
          <PasswordField
            label="Mot de passe reçu"
            autoComplete="current-password"
            required
            hint="Celui que votre conseiller ou l’administrateur vous a donné."
            error={errors.current_password?.message}
            {...register('current_password')}
          />
        ) : (
          <p className="text-sm text-slate-700">Vous êtes connecté(e) par code SMS : choisissez directement votre mot de passe.</p>
        )}
        <PasswordField
          label="Nouveau mot de passe"
          autoComplete="new-password"
          required
          hint="Au moins 8 caractères."
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordField
          label="Confirmez le nouveau mot de passe"
          autoComplete="new-password"
          required
          error={errors.confirmation?.message}
          {...register('confirmation')}
        />
        <Button type="submit" isLoading={isSubmitting} loadingText="En cours...">
          Enregistrer mon mot de passe
        </Button>
        <p className="text-sm">
          <Link to="/mot-de-passe-oublie" className="text-emerald-900 underline underline-offset-2 hover:text-emerald-700">
            Mot de passe oublié ?
          </Link>
        </p>
      </form>
    </section>
  );
}
