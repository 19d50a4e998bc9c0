import { zodResolver } from '@hookform/resolvers/zod';
import {
  type OrganisationFacts,
  type OrganisationFactsInput,
  type OrganisationInput,
  ORGANISATION_MESSAGES,
  organisationInputSchema,
} from '@shared/schemas/organisation';
import { SETTINGS_MESSAGES } from '@shared/schemas/settings';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/field';
import { api } from '@web/lib/api-client';
import { showSubmitError } from '@web/lib/apply-server-errors';
import { notify } from '@web/lib/notify';
import { useForm } from 'react-hook-form';

// The organisation's facts: the footer, contact and about pages, receipts and the privacy notice show them. The
// signature is sent on its own (signature-form.tsx): this form leaves it as it is.

const blank = (v: string | null) => v ?? '';

export function OrganisationForm({ current }: { current: OrganisationFacts }) {
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<OrganisationInput, unknown, OrganisationFactsInput>({
    resolver: zodResolver(organisationInputSchema),
    defaultValues: {
      name: blank(current.name),
      address: blank(current.address),
      registration_number: blank(current.registration_number),
      telephone: blank(current.telephone),
      email: blank(current.email),
      social: {
        facebook: blank(current.social.facebook),
        twitter: blank(current.social.twitter),
        instagram: blank(current.social.instagram),
        youtube: blank(current.social.youtube),
      },
      founder: blank(current.founder),
    },
  });

  const onValid = async (values: OrganisationFactsInput) => {
    try {
      await api.put('/admin/organisation', values);
      notify.success(SETTINGS_MESSAGES.organisationSaved);
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
      void queryClient.invalidateQueries({ queryKey: ['organisation'] });
    } catch (error) {
      showSubmitError(error, setError);
    }
  };
  const socialError = (errors.social as { message?: string } | undefined)?.message;

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onValid)}
      aria-label="Coordonnées de l'association"
      className="grid max-w-2xl gap-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 sm:p-6"
    >
      <h3 className="text-lg font-bold text-emerald-950 sm:col-span-2">Coordonnées de l'association</h3>
      <p className="text-sm text-slate-700 sm:col-span-2">
        Affichées dans le pied de page, les pages Contact et À propos, les reçus et la politique de confidentialité. Un champ vide n'est pas
        affiché.
      </p>
      <TextField label="Nom" error={errors.name?.message} {...register('name')} />
      <TextField label="Numéro d'enregistrement" error={errors.registration_number?.message} {...register('registration_number')} />
      <TextField label="Adresse" className="sm:col-span-2" error={errors.address?.message} {...register('address')} />
      <TextField label="Téléphone" type="tel" error={errors.telephone?.message} {...register('telephone')} />
      <TextField label="Email" type="email" error={errors.email?.message} {...register('email')} />
      <TextField label="Fondateur ou fondatrice" error={errors.founder?.message} {...register('founder')} />
      <TextField
        label="Facebook"
        type="url"
        placeholder="https://"
        error={errors.social?.facebook?.message}
        {...register('social.facebook')}
      />
      <TextField
        label="Twitter / X"
        type="url"
        placeholder="https://"
        error={errors.social?.twitter?.message}
        {...register('social.twitter')}
      />
      <TextField
        label="Instagram"
        type="url"
        placeholder="https://"
        error={errors.social?.instagram?.message}
        {...register('social.instagram')}
      />
      <TextField
        label="YouTube"
        type="url"
        placeholder="https://"
        error={errors.social?.youtube?.message}
        {...register('social.youtube')}
      />
      {socialError ? (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          {socialError === ORGANISATION_MESSAGES.urlInvalid ? socialError : ORGANISATION_MESSAGES.urlInvalid}
        </p>
      ) : null}
      <div className="sm:col-span-2">
        <Button type="submit" isLoading={isSubmitting} loadingText="Enregistrement…">
          Enregistrer les coordonnées
        </Button>
      </div>
    </form>
  );
}
