import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_PROJECT_CATEGORY, PROJECT_CATEGORIES, PROJECT_CATEGORY_LABELS } from '@shared/constants';
import { PROJECT_MESSAGES, type ProjectFormInput, projectFormSchema } from '@shared/schemas/project';
import { FormCard, SendButton } from '@web/components/forms/form-card';
import { SelectField, TextAreaField, TextField } from '@web/components/ui/field';
import { UploadProgress } from '@web/components/ui/upload-progress';
import { notify } from '@web/lib/notify';
import { toFormData, useUploadForm } from '@web/lib/use-upload-submit';

// "Soumettre un Projet Social" (spec §5 Project, §7 POST /projects multipart, §8 project failure).
export function ProjectForm() {
  const { register, handleSubmit, errors, isSubmitting, progress, send } = useUploadForm<ProjectFormInput>(
    '/projects',
    {
      resolver: zodResolver(projectFormSchema),
      mode: 'onTouched',
      defaultValues: { project_name: '', description: '', goal_amount: '', category: DEFAULT_PROJECT_CATEGORY, contact_email: '' },
    },
    { draft: 'projet-social', sizeField: 'project_file' },
  );

  const onValid = async ({ project_file, ...texts }: ProjectFormInput) => {
    try {
      const res = await send(toFormData(texts, { project_file }));
      notify.success(res.message || PROJECT_MESSAGES.success);
    } catch {
      notify.error(PROJECT_MESSAGES.failure);
    }
  };

  return (
    <FormCard onSubmit={handleSubmit(onValid, () => notify.error(PROJECT_MESSAGES.failure))} aria-label="Soumission de projet social">
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
      <SendButton isLoading={isSubmitting}>Soumettre le projet</SendButton>
    </FormCard>
  );
}
