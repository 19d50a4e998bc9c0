import { zodResolver } from '@hookform/resolvers/zod';
import { TESTIMONIAL_MESSAGES, type TestimonialFormInput, testimonialFormSchema } from '@shared/schemas/testimonial';
import { Button } from '@web/components/ui/button';
import { TextAreaField, TextField } from '@web/components/ui/field';
import { UploadProgress } from '@web/components/ui/upload-progress';
import { ApiError } from '@web/lib/api-client';
import { clearDraft, useKeptValues } from '@web/lib/kept-form-values';
import { notify } from '@web/lib/notify';
import { toFormData, useUploadSubmit } from '@web/lib/use-upload-submit';
import { useForm } from 'react-hook-form';

// "Soumettre un témoignage" (spec §5 Testimonial: checked live; §7 POST /testimonial multipart; §8).
export function TestimonialForm() {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<TestimonialFormInput>({ resolver: zodResolver(testimonialFormSchema), mode: 'onChange' });
  useKeptValues({ setValue, watch }, 'temoignage');

  const { progress, send } = useUploadSubmit('/testimonial', { setError, reset }, 'avatar');

  const onValid = async ({ text, author, title, avatar }: TestimonialFormInput) => {
    try {
      const res = await send(toFormData({ text, author, title }, { avatar }));
      clearDraft('temoignage');
      notify.success(res.message);
    } catch (error) {
      const isFormError = error instanceof ApiError && (error.status === 422 || error.status === 413);
      notify.error(isFormError ? TESTIMONIAL_MESSAGES.formErrors : TESTIMONIAL_MESSAGES.failure);
    }
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onValid, () => notify.error(TESTIMONIAL_MESSAGES.formErrors))}
      className="flex flex-col gap-4 rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200"
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
      <Button type="submit" isLoading={isSubmitting} loadingText="Envoi en cours..." className="self-start">
        Soumettre
      </Button>
    </form>
  );
}
