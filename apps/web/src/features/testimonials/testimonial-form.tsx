import { CONSENT_WORDINGS } from '@shared/consent-wordings';
import type { TestimonialFormInput } from '@shared/schemas/testimonial';
import { TESTIMONIAL_MESSAGES } from '@shared/zod-free/testimonial';
import { FormCard, SendButton } from '@web/components/forms/form-card';
import { TextAreaField, TextField } from '@web/components/ui/field';
import { UploadProgress } from '@web/components/ui/upload-progress';
import { ApiError } from '@web/lib/api-client';
import { notify } from '@web/lib/notify';
import { toFormData, useUploadForm } from '@web/lib/use-upload-submit';
import { Link } from '@web/lib/router';
import { lazyZodResolver } from '@web/lib/lazy-resolver';

const testimonialFormSchemaResolver = lazyZodResolver(() => import('@shared/schemas/testimonial').then((m) => m.testimonialFormSchema));

// "Soumettre un témoignage" (docs/product/validation.md Testimonial: checked live; docs/product/http-api.md POST /testimonial multipart; docs/product/errors.md).
export function TestimonialForm() {
  const { register, handleSubmit, errors, isSubmitting, progress, send } = useUploadForm<TestimonialFormInput>(
    '/testimonial',
    { resolver: testimonialFormSchemaResolver, mode: 'onChange' },
    { draft: 'temoignage', sizeField: 'avatar' },
  );

  const onValid = async ({ text, author, title, avatar }: TestimonialFormInput) => {
    try {
      // Sent only once the box is ticked (the schema refuses otherwise): the consent's proof is recorded with the row.
      const consents = JSON.stringify({ testimonial: true });
      const res = await send(toFormData({ text, author, title, consents }, { avatar }));
      notify.success(res.message);
    } catch (error) {
      const isFormError = error instanceof ApiError && (error.status === 422 || error.status === 413);
      notify.error(isFormError ? TESTIMONIAL_MESSAGES.formErrors : TESTIMONIAL_MESSAGES.failure);
    }
  };

  return (
    <FormCard
      onSubmit={handleSubmit(onValid, () => notify.error(TESTIMONIAL_MESSAGES.formErrors))}
      aria-labelledby="testimonial-form-title"
    >
      <h2 id="testimonial-form-title" className="text-xl font-bold text-emerald-950">
        Votre témoignage
      </h2>
      <TextAreaField label="Témoignage" rows={5} error={errors.text?.message} {...register('text')} />
      <TextField label="Auteur" autoComplete="name" error={errors.author?.message} {...register('author')} />
      <TextField label="Titre" hint="Par exemple : Bénévole à Cotonou" error={errors.title?.message} {...register('title')} />
      <TextField
        label="Avatar (photo)"
        type="file"
        accept=".jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp"
        hint="Formats jpg, jpeg, png ou webp, 5 Mo au plus."
        error={errors.avatar?.message as string | undefined}
        {...register('avatar')}
      />
      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          className="mt-0.5 h-5 w-5 shrink-0 accent-emerald-700"
          aria-invalid={errors.consentTestimonial ? true : undefined}
          aria-describedby={errors.consentTestimonial ? 'testimonial-consent-error' : undefined}
          {...register('consentTestimonial')}
        />
        <span>
          {CONSENT_WORDINGS.testimonial.text}{' '}
          <Link to="/confidentialite" className="text-emerald-800 underline">
            Vos données
          </Link>
        </span>
      </label>
      {errors.consentTestimonial ? (
        <p id="testimonial-consent-error" className="text-sm font-medium text-red-700">
          {errors.consentTestimonial.message}
        </p>
      ) : null}
      <UploadProgress value={progress} />
      <SendButton isLoading={isSubmitting}>Soumettre</SendButton>
    </FormCard>
  );
}
