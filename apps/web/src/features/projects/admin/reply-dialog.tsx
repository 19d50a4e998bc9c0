import { PROJECT_STATUS_LABELS, PROJECT_STATUSES, type ProjectStatus } from '@shared/constants';
import type { Project } from '@shared/schemas/public-site';
import type { FieldErrors } from '@shared/schemas/api-common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { SelectField, TextAreaField } from '@web/components/ui/field';
import { Modal } from '@web/components/ui/modal';
import { ApiError, api } from '@web/lib/api-client';
import { useState } from 'react';

// « Répondre » in « Les Projets » (docs/product): the status, and a reply the applicant
// receives by e-mail (and SMS when the project gave a telephone). The outcome shows in the dialog itself.

export function ProjectReplyDialog({ project, onClose }: { project: Project; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<ProjectStatus>(
    project.status === 'recu' ? 'en_examen' : ((project.status as ProjectStatus) ?? 'en_examen'),
  );
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const send = useMutation({
    mutationFn: () => api.patch<{ message: string; project: Project }>(`/projects/${project.id}`, { status, message }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin', 'projects'] }),
  });
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setErrors({});
    try {
      const res = await send.mutateAsync();
      setOutcome({ ok: true, text: res.message });
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.errors);
      setOutcome({ ok: false, text: error instanceof ApiError ? error.message : 'L’envoi a échoué. Veuillez réessayer.' });
    }
  };
  return (
    <Modal isOpen title={`Répondre : ${project.project_name}`} onClose={onClose}>
      {outcome?.ok ? (
        <div className="space-y-4">
          <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 p-3 font-medium text-emerald-900">
            {outcome.text}
          </p>
          <div className="flex justify-end">
            <Button onClick={onClose}>Fermer</Button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} className="space-y-3" noValidate>
          {outcome ? (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 font-medium text-red-800">
              {outcome.text}
            </p>
          ) : null}
          <p className="text-sm text-slate-700">
            Envoyé à {project.contact_email}
            {project.telephone ? ` et par SMS au ${project.telephone}` : ''}.
          </p>
          <SelectField
            label="Statut"
            value={status}
            onChange={(e) => setStatus(e.target.value as ProjectStatus)}
            error={errors.status?.[0]}
            options={PROJECT_STATUSES.map((s) => ({ value: s, label: PROJECT_STATUS_LABELS[s] }))}
          />
          <TextAreaField
            label="Réponse au porteur du projet (facultatif)"
            rows={4}
            maxLength={1000}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            error={errors.message?.[0]}
            hint="1 000 caractères au plus."
          />
          <div className="flex flex-wrap justify-end gap-2 pt-2">
            <Button variant="secondary" type="button" onClick={onClose}>
              Annuler
            </Button>
            <Button type="submit" isLoading={send.isPending} loadingText="Envoi…">
              Enregistrer et envoyer
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
