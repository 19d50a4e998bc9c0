import { zodResolver } from '@hookform/resolvers/zod';
import { VOLUNTEER_REFUSAL_MESSAGES, type VolunteerRefusalInput, volunteerRefusalSchema } from '@shared/schemas/volunteer';
import { useForm } from 'react-hook-form';
import { Button } from '@web/components/ui/button';
import { TextAreaField } from '@web/components/ui/field';
import { Modal } from '@web/components/ui/modal';
import { ApiError } from '@web/lib/api-client';
import { applyServerErrors } from '@web/lib/apply-server-errors';
import { notify } from '@web/lib/notify';
import { refuseVolunteer } from './api';

/** Refuser (issue 18): the administrator gives the reason the volunteer is told by e-mail. */
export function RefuseVolunteerDialog({
  volunteer,
  onClose,
  onRefused,
}: {
  volunteer: { id: number; name: string };
  onClose: () => void;
  onRefused: () => void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<VolunteerRefusalInput>({ resolver: zodResolver(volunteerRefusalSchema), defaultValues: { reason: '' } });
  const onSubmit = handleSubmit(async (values) => {
    try {
      const { message } = await refuseVolunteer(volunteer.id, values);
      notify.success(message || VOLUNTEER_REFUSAL_MESSAGES.refused);
      onRefused();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && applyServerErrors(error, setError)) return;
      notify.error(error instanceof ApiError ? error.message : 'Erreur lors du refus du volontaire');
    }
  });
  return (
    <Modal isOpen title={`Refuser la candidature de ${volunteer.name}`} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <TextAreaField
          label="Raison du refus"
          rows={4}
          required
          hint="Elle est envoyée au candidat par e-mail."
          error={errors.reason?.message}
          {...register('reason')}
        />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" variant="danger" isLoading={isSubmitting} loadingText="En cours...">
            Refuser
          </Button>
        </div>
      </form>
    </Modal>
  );
}
