import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_PROJECT_CATEGORY, PROJECT_CATEGORIES, PROJECT_CATEGORY_LABELS } from '@shared/constants';
import { PROJECT_MESSAGES, type ProjectFormInput, projectFormSchema } from '@shared/schemas/project';
import { firstFile } from '@shared/schemas/upload-rules';
import { Button } from '@web/components/ui/button';
import { SelectField, TextAreaField, TextField } from '@web/components/ui/field';
import { UploadProgress } from '@web/components/ui/upload-progress';
import { ApiError, api } from '@web/lib/api-client';
import { applyServerErrors } from '@web/lib/apply-server-errors';
import { notify } from '@web/lib/notify';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

// "Soumettre un Projet Social" (spec §5 Project, §7 POST /projects multipart, §8 project failure).
export function ProjectForm() {
  const [progress, setProgress] = useState<number | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProjectFormInput>({
    resolver: zodResolver(projectFormSchema),
    mode: 'onTouched',
    defaultValues: { project_name: '', description: '', goal_amount: '', category: DEFAULT_PROJECT_CATEGORY, contact_email: '' },
  });

  const onValid = async (values: ProjectFormInput) => {
    const body = new FormData();
    for (const key of ['project_name', 'description', 'goal_amount', 'category', 'contact_email'] as const) body.append(key, String(values[key] ?? '').trim());
    const file = firstFile(values.project_file);
    if (file) body.append('project_file', file as File);
    setProgress(0);
    try {
      const res = await api.post<{ message: string }>('/projects', body, { token: null, onUploadProgress: setProgress });
      notify.success(res.message || PROJECT_MESSAGES.success);
      reset();
    } catch (error) {
      if (error instanceof ApiError && error.status === 413) setError('project_file', { type: 'server', message: error.message });
      else applyServerErrors(error, setError);
      notify.error(PROJECT_MESSAGES.failure);
    } finally {
      setProgress(null);
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
      <TextAreaField label="Description" rows={6} hint="30 caractères au moins." error={errors.description?.message} {...register('description')} />
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
      <TextField label="Email de contact" type="email" autoComplete="email" error={errors.contact_email?.message} {...register('contact_email')} />
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
