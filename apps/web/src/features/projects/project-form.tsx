import { DEFAULT_PROJECT_CATEGORY, PROJECT_CATEGORIES, PROJECT_CATEGORY_LABELS } from '@shared/constants';
import type { ProjectFormInput } from '@shared/schemas/project';
import { PROJECT_MESSAGES } from '@shared/zod-free/project';
import { FormCard, SendButton } from '@web/components/forms/form-card';
import { SelectField, TextAreaField, TextField } from '@web/components/ui/field';
import { UploadProgress } from '@web/components/ui/upload-progress';
import { notify } from '@web/lib/notify';
import { toFormData, useUploadForm } from '@web/lib/use-upload-submit';
import { Button } from '@web/components/ui/button';
import { useState } from 'react';
import { lazyZodResolver } from '@web/lib/lazy-resolver';

const projectFormSchemaResolver = lazyZodResolver(() => import('@shared/schemas/project').then((m) => m.projectFormSchema));

// "Soumettre un Projet Social" (docs/product/validation.md Project, docs/product/http-api.md POST /projects multipart, docs/product/errors.md project failure).
export function ProjectForm() {
  // After a success the page itself says so (not only a toast over an emptied form): issue #33 item 18.
  const [sent, setSent] = useState<string | null>(null);
  const { register, handleSubmit, errors, isSubmitting, progress, send } = useUploadForm<ProjectFormInput>(
    '/projects',
    {
      resolver: projectFormSchemaResolver,
      mode: 'onTouched',
      defaultValues: {
        project_name: '',
        description: '',
        goal_amount: '',
        category: DEFAULT_PROJECT_CATEGORY,
        contact_email: '',
        telephone: '',
      },
    },
    { draft: 'projet-social', sizeField: 'project_file' },
  );

  const onValid = async ({ project_file, ...texts }: ProjectFormInput) => {
    try {
      const res = await send(toFormData(texts, { project_file }));
      setSent(res.message || PROJECT_MESSAGES.success);
    } catch {
      notify.error(PROJECT_MESSAGES.failure);
    }
  };

  if (sent) {
    return (
      <div role="status" className="space-y-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-emerald-200">
        <p className="text-lg font-semibold text-emerald-900">{sent}</p>
        <p className="text-slate-700">
          Nous vous répondrons par e-mail (et par SMS si vous avez donné un téléphone) après examen du projet.
        </p>
        <Button variant="secondary" onClick={() => setSent(null)}>
          Soumettre un autre projet
        </Button>
      </div>
    );
  }

  // An invalid field shows its own message under the field; no « Une erreur est survenue » on top of it.
  return (
    <FormCard onSubmit={handleSubmit(onValid)} aria-label="Soumission de projet social">
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
        label="Téléphone (facultatif)"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        hint="Pour recevoir aussi la réponse par SMS."
        error={errors.telephone?.message}
        {...register('telephone')}
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
