import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_PROJECT_CATEGORY, PROJECT_CATEGORIES, PROJECT_CATEGORY_LABELS } from '@shared/constants';
import { PROJECT_MESSAGES, type ProjectFormInput, projectFormSchema } from '@shared/schemas/project';
import { Button } from '@web/components/ui/button';
import { SelectField, TextAreaField, TextField } from '@web/components/ui/field';
import { UploadProgress } from '@web/components/ui/upload-progress';
import { clearDraft, useKeptValues } from '@web/lib/kept-form-values';
import { notify } from '@web/lib/notify';
import { toFormData, useUploadSubmit } from '@web/lib/use-upload-submit';
import { useForm } from 'react-hook-form';

// "Soumettre un Projet Social" (spec §5 Project, §7 POST /projects multipart, §8 project failure).
export function ProjectForm() {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ProjectFormInput>({
    resolver: zodResolver(projectFormSchema),
    mode: 'onTouched',
    defaultValues: { project_name: '', description: '', goal_amount: '', category: DEFAULT_PROJECT_CATEGORY, contact_email: '' },
  });

  useKeptValues({ setValue, watch }, 'projet-social');
  const { progress, send } = useUploadSubmit('/projects', { setError, reset }, 'project_file');

  const onValid = async ({ project_file, ...texts }: ProjectFormInput) => {
    try {
      const res = await send(toFormData(texts, { project_file }));
      clearDraft('projet-social');
      notify.success(res.message || PROJECT_MESSAGES.success);
    } catch {
      notify.error(PROJECT_MESSAGES.failure);
    }
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onValid, () => notify.error(PROJECT_MESSAGES.failure))}
      className="flex flex-col gap-4 rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200"
      aria-label="Soumission de projet social"
    >
      <TextField label="Nom du projet" error={errors.project_name?.message} {...register('project_name')} />
      <TextAreaField
        label="Description"
        rows={6}
        hint="30 caractères au moins."
        error={errors.description?.message}
        {...register('description')}
      />
      <TextField
        label="Objectif de financement (FCFA)"
        inputMode="numeric"
        hint="Chiffres uniquement, 4 chiffres au moins."
        error={errors.goal_amount?.message}
        {...register('goal_amount')}
      />
      <SelectField
        label="Catégorie"
        error={errors.category?.message}
        options={PROJECT_CATEGORIES.map((c) => ({ value: c, label: PROJECT_CATEGORY_LABELS[c] }))}
        {...register('category')}
      />
      <TextField
        label="Email de contact"
        type="email"
        autoComplete="email"
        error={errors.contact_email?.message}
        {...register('contact_email')}
      />
      <TextField
        label="Dossier du projet (facultatif)"
        type="file"
        accept=".pdf,application/pdf"
        hint="Un fichier pdf de 2 Mo au plus."
        error={errors.project_file?.message as string | undefined}
        {...register('project_file')}
      />
      <UploadProgress value={progress} />
      <Button type="submit" isLoading={isSubmitting} loadingText="Envoi en cours..." className="self-start">
        Soumettre le projet
      </Button>
    </form>
  );
}
