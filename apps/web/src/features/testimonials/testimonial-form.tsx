import { zodResolver } from '@hookform/resolvers/zod';
import { TESTIMONIAL_MESSAGES, type TestimonialFormInput, testimonialFormSchema } from '@shared/schemas/testimonial';
import { FormCard, SendButton } from '@web/components/forms/form-card';
import { TextAreaField, TextField } from '@web/components/ui/field';
import { UploadProgress } from '@web/components/ui/upload-progress';
import { ApiError } from '@web/lib/api-client';
import { notify } from '@web/lib/notify';
import { toFormData, useUploadForm } from '@web/lib/use-upload-submit';

// "Soumettre un témoignage" (spec §5 Testimonial: checked live; §7 POST /testimonial multipart; §8).
export function TestimonialForm() {
  const { register, handleSubmit, errors, isSubmitting, progress, send } = useUploadForm<TestimonialFormInput>(
    '/testimonial',
    { resolver: zodResolver(testimonialFormSchema), mode: 'onChange' },
    { draft: 'temoignage', sizeField: 'avatar' },
  );

  const onValid = async ({ text, author, title, avatar }: TestimonialFormInput) => {
    try {
      const res = await send(toFormData({ text, author, title }, { avatar }));
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
      <UploadProgress value={progress} />
      <SendButton isLoading={isSubmitting}>Soumettre</SendButton>
    </FormCard>
  );
}
