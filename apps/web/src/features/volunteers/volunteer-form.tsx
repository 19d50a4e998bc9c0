import { VOLUNTEER_DOMAIN_LABELS, VOLUNTEER_DOMAINS } from '@shared/constants';
import type { VolunteerFormInput } from '@shared/schemas/volunteer';
import { VOLUNTEER_MESSAGES } from '@shared/zod-free/volunteer';
import { ChannelChoice } from '@web/components/forms/channel-choice';
import { FormCard, SendButton } from '@web/components/forms/form-card';
import { SelectField, TextField } from '@web/components/ui/field';
import { UploadProgress } from '@web/components/ui/upload-progress';
import { ApiError } from '@web/lib/api-client';
import { notify } from '@web/lib/notify';
import { toFormData, useUploadForm } from '@web/lib/use-upload-submit';
import { type FieldErrors, useWatch } from 'react-hook-form';
import { lazyZodResolver } from '@web/lib/lazy-resolver';

const volunteerFormSchemaResolver = lazyZodResolver(() => import('@shared/schemas/volunteer').then((m) => m.volunteerFormSchema));

// "Devenir Bénévole" (docs/product/validation.md Volunteer, docs/product/http-api.md POST /volunteers multipart, docs/product/errors.md volunteer errors).
const DOCUMENT_ACCEPT =
  '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const IMAGE_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';
const FILE_FIELDS = ['profile_image', 'cv', 'motivation_letter', 'criminal_record', 'restriction_proof'] as const;

const firstError = (errors: FieldErrors<VolunteerFormInput>) =>
  Object.values(errors).find((e) => typeof e?.message === 'string')?.message as string | undefined;

/** `onRegistered`: the page then shows what happens next instead of an empty form. */
export function VolunteerForm({
  onRegistered,
}: {
  onRegistered: (contact: { email: string; telephone: string; publicProfile: boolean }) => void;
}) {
  const { register, handleSubmit, setError, control, errors, isSubmitting, progress, send } = useUploadForm<VolunteerFormInput>(
    '/volunteers',
    {
      resolver: volunteerFormSchemaResolver,
      mode: 'onTouched',
      defaultValues: { name: '', email: '', telephone: '', domain: '', under_restriction: false, public_profile: false, channel: 'sms' },
    },
    { draft: 'volontier' },
  );
  const isRestricted = useWatch({ control, name: 'under_restriction' });

  const onValid = async (values: VolunteerFormInput) => {
    const { name, email, telephone, domain, under_restriction, public_profile, channel, ...files } = values;
    if (!under_restriction) delete files.restriction_proof;
    try {
      await send(
        toFormData(
          {
            name,
            email: email ?? '',
            telephone: String(telephone ?? ''),
            domain,
            under_restriction: under_restriction ? '1' : '0',
            public_profile: public_profile ? '1' : '0',
            channel: channel ?? 'sms',
          },
          files,
        ),
      );
      notify.success(VOLUNTEER_MESSAGES.success);
      onRegistered({ email: (email ?? '').trim(), telephone: String(telephone ?? '').trim(), publicProfile: Boolean(public_profile) });
    } catch (error) {
      const isEmailTaken = error instanceof ApiError && Boolean(error.errors.email);
      if (isEmailTaken) setError('email', { type: 'server', message: VOLUNTEER_MESSAGES.emailTaken });
      notify.error(isEmailTaken ? VOLUNTEER_MESSAGES.emailTaken : VOLUNTEER_MESSAGES.failure);
    }
  };

  const fileError = (name: (typeof FILE_FIELDS)[number]) => errors[name]?.message as string | undefined;

  return (
    <FormCard
      onSubmit={handleSubmit(onValid, (errs) => notify.error(firstError(errs) ?? VOLUNTEER_MESSAGES.required))}
      aria-label="Inscription des bénévoles"
    >
      <TextField label="Nom" autoComplete="name" error={errors.name?.message} {...register('name')} />
      <TextField
        label="Téléphone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        hint="Nous vous répondons par SMS ou WhatsApp, selon votre choix."
        error={errors.telephone?.message}
        {...register('telephone')}
      />
      <ChannelChoice registration={register('channel')} error={errors.channel?.message} />
      <TextField label="Email (facultatif)" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <SelectField
        label="Domaine d'engagement"
        error={errors.domain?.message}
        options={[
          { value: '', label: 'Choisissez un domaine' },
          ...VOLUNTEER_DOMAINS.map((d) => ({ value: d, label: VOLUNTEER_DOMAIN_LABELS[d] })),
        ]}
        {...register('domain')}
      />
      <TextField
        label="Photo de profil"
        type="file"
        accept={IMAGE_ACCEPT}
        hint="jpg, jpeg ou png, 5 Mo au plus."
        error={fileError('profile_image')}
        {...register('profile_image')}
      />
      <TextField
        label="CV"
        type="file"
        accept={DOCUMENT_ACCEPT}
        hint="pdf, doc ou docx, 5 Mo au plus."
        error={fileError('cv')}
        {...register('cv')}
      />
      <TextField
        label="Lettre de motivation"
        type="file"
        accept={DOCUMENT_ACCEPT}
        hint="pdf, doc ou docx, 5 Mo au plus."
        error={fileError('motivation_letter')}
        {...register('motivation_letter')}
      />
      <TextField
        label="Casier judiciaire"
        type="file"
        accept={DOCUMENT_ACCEPT}
        hint="pdf, doc ou docx, 5 Mo au plus."
        error={fileError('criminal_record')}
        {...register('criminal_record')}
      />
      {/* 24 px boxes in a 44 px row: a finger hits them at 360 px. */}
      <div className="flex min-h-11 items-start gap-3">
        <input id="public_profile" type="checkbox" className="mt-0.5 size-6 shrink-0 accent-emerald-700" {...register('public_profile')} />
        <label htmlFor="public_profile" className="text-slate-800">
          J’accepte d’apparaître, avec ma photo, dans l’équipe des volontaires présentée sur le site public (facultatif).
        </label>
      </div>
      <div className="flex min-h-11 items-start gap-3">
        <input
          id="under_restriction"
          type="checkbox"
          className="mt-0.5 size-6 shrink-0 accent-emerald-700"
          {...register('under_restriction')}
        />
        <label htmlFor="under_restriction" className="text-slate-800">
          Je suis soumis(e) à une restriction (décision de justice, mesure administrative…)
        </label>
      </div>
      {isRestricted ? (
        <TextField
          label="Justificatif de restriction"
          type="file"
          accept={DOCUMENT_ACCEPT}
          hint="pdf, doc ou docx, 5 Mo au plus."
          error={fileError('restriction_proof')}
          {...register('restriction_proof')}
        />
      ) : null}
      <UploadProgress value={progress} />
      <SendButton isLoading={isSubmitting}>S'inscrire</SendButton>
    </FormCard>
  );
}
