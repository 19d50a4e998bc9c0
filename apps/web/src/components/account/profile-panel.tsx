import { formatTelephone } from '@shared/phone';
import { zodResolver } from '@hookform/resolvers/zod';
import { ROLE_LABELS, type Role } from '@shared/constants';
import { PROFILE_MESSAGES, type Profile, type ProfileUpdate, type ProfileUpdateInput, profileUpdateSchema } from '@shared/schemas/profile';
import { UserRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/field';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError } from '@web/lib/api-client';
import { applyServerErrors } from '@web/lib/apply-server-errors';
import { notify } from '@web/lib/notify';
import { useProfile, useUpdateProfile } from './use-profile';

export { useProfile } from './use-profile';

/** The profile view of every role (docs/product/screens.md): read-only, Modifier → edit → Sauvegarder / Annuler. */
export function ProfilePanel() {
  const profile = useProfile();
  const [isEditing, setEditing] = useState(false);
  if (profile.isError)
    return (
      <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 font-medium text-red-800">
        {PROFILE_MESSAGES.loadFailure}
      </p>
    );
  if (!profile.data) return <Spinner />;
  const p = profile.data;
  return (
    <section aria-labelledby="profile-title" className="max-w-2xl space-y-6">
      <div className="flex items-center gap-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <span className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-900">
          <UserRound aria-hidden size={28} />
        </span>
        <div className="min-w-0">
          <h2 id="profile-title" className="text-xl font-bold text-emerald-950 [overflow-wrap:anywhere] sm:text-2xl">
            {p.name}
          </h2>
          <p className="text-slate-700">{ROLE_LABELS[p.role as Role] ?? p.role}</p>
        </div>
      </div>
      <div className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
        {isEditing ? (
          <ProfileEditForm profile={p} onDone={() => setEditing(false)} />
        ) : (
          <ProfileView profile={p} onEdit={() => setEditing(true)} />
        )}
      </div>
    </section>
  );
}

function ProfileView({ profile, onEdit }: { profile: Profile; onEdit: () => void }) {
  return (
    <div className="grid gap-4">
      <TextField label="Nom" value={profile.name} readOnly />
      <TextField label="Email" value={profile.email} readOnly />
      <TextField label="Téléphone" value={formatTelephone(profile.telephone)} readOnly />
      <div>
        <Button onClick={onEdit}>Modifier</Button>
      </div>
    </div>
  );
}

function ProfileEditForm({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const mutation = useUpdateProfile();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProfileUpdateInput, unknown, ProfileUpdate>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: {
      name: profile.name,
      email: profile.email,
      telephone: formatTelephone(profile.telephone),
      password: '',
      current_password: '',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { message } = await mutation.mutateAsync(values);
      notify.success(message || PROFILE_MESSAGES.updateSuccess);
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && applyServerErrors(error, setError)) return;
      notify.error(PROFILE_MESSAGES.updateFailure);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Modifier le profil">
      <TextField label="Nom" autoComplete="name" required error={errors.name?.message} {...register('name')} />
      <TextField label="Email" type="email" autoComplete="email" required error={errors.email?.message} {...register('email')} />
      <TextField label="Téléphone" type="tel" autoComplete="tel" required error={errors.telephone?.message} {...register('telephone')} />
      <TextField
        label="Mot de passe"
        type="password"
        autoComplete="new-password"
        hint="Laissez vide pour garder le mot de passe actuel."
        error={errors.password?.message}
        {...register('password')}
      />
      {/* Issue 15: a stolen session alone must not change the password, the telephone or the e-mail. */}
      <TextField
        label="Mot de passe actuel"
        type="password"
        autoComplete="current-password"
        hint="Requis pour changer le mot de passe, le téléphone ou l'email."
        error={errors.current_password?.message}
        {...register('current_password')}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" isLoading={isSubmitting} loadingText="En cours...">
          Sauvegarder
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={isSubmitting}>
          Annuler
        </Button>
      </div>
    </form>
  );
}
