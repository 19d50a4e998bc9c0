import { ROLE_LABELS, type Role } from '@shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { SelectField, TextField } from '@web/components/ui/field';
import { Modal } from '@web/components/ui/modal';
import { ApiError, api } from '@web/lib/api-client';
import { notify } from '@web/lib/notify';
import { session } from '@web/lib/session';
import { type FormEvent, useState } from 'react';

// TEMPORARY stand-in for features/auth AddUserModal (accounts issue), replaced when it lands.

export function AddUserModal({ isOpen, onClose, allowedRoles }: { isOpen: boolean; onClose: () => void; allowedRoles: readonly Role[] }) {
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [isPending, setPending] = useState(false);
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = Object.fromEntries(new FormData(form));
    setPending(true);
    try {
      await api.post('/register', { ...data, created_by: session.userId(), first_login: true });
      notify.success('Inscription réussie !');
      form.reset();
      setErrors({});
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        setErrors(error.errors);
        notify.error('Erreur de validation des champs.');
      } else notify.error("Une erreur s'est produite. Veuillez réessayer.");
    } finally {
      setPending(false);
    }
  }
  return (
    <Modal isOpen={isOpen} title="Ajouter un utilisateur" onClose={onClose}>
      <form onSubmit={submit} className="grid gap-3" noValidate>
        <TextField label="Nom" name="name" required error={errors.name?.[0]} />
        <TextField label="Email" name="email" type="email" required error={errors.email?.[0]} />
        <TextField label="Téléphone" name="telephone" type="tel" required error={errors.telephone?.[0]} />
        <TextField label="Zone" name="zone" error={errors.zone?.[0]} />
        <TextField label="Mot de passe" name="password" type="password" required error={errors.password?.[0]} />
        <SelectField label="Rôle" name="role" options={allowedRoles.map((r) => ({ value: r, label: ROLE_LABELS[r] }))} error={errors.role?.[0]} />
        <Button type="submit" isLoading={isPending} loadingText="En cours...">
          Ajouter
        </Button>
      </form>
    </Modal>
  );
}
