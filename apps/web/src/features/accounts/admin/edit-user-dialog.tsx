import { ROLE_LABELS, ROLES } from '@shared/constants';
import { type AdminUserUpdate, type ListedUser, USER_ADMIN_MESSAGES } from '@shared/schemas/users';
import type { FieldErrors } from '@shared/schemas/api-common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { SelectField, TextField } from '@web/components/ui/field';
import { Modal } from '@web/components/ui/modal';
import { ZoneField } from '@web/components/ui/zone-field';
import { ApiError, api } from '@web/lib/api-client';
import { notify } from '@web/lib/notify';
import type { PendingChange } from '@shared/schemas/account-changes';
import { useState } from 'react';

// « Modifier » a user in the administrator's lists (docs/product/back-office.md): name, e-mail,
// telephone, zone, role, and whether the account may log in. The server's French messages show under each field.

const FAILED = 'La modification a échoué. Veuillez réessayer.';

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: AdminUserUpdate }) =>
      api.patch<ListedUser | PendingChange>(`/users/${id}`, changes),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
  });
}

export function EditUserDialog({ user, onClose }: { user: ListedUser; onClose: () => void }) {
  const [values, setValues] = useState({
    name: user.name,
    email: user.email,
    telephone: user.telephone,
    zone: user.zone ?? '',
    role: user.role,
    is_active: user.is_active,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const update = useUpdateUser();
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) => setValues({ ...values, [key]: e.target.value });

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setErrors({});
    setMessage(null);
    const changes: AdminUserUpdate = {};
    if (values.name !== user.name) changes.name = values.name;
    if (values.email !== user.email) changes.email = values.email;
    if (values.telephone !== user.telephone) changes.telephone = values.telephone;
    if (values.zone !== (user.zone ?? '')) changes.zone = values.zone;
    if (values.role !== user.role) changes.role = values.role as AdminUserUpdate['role'];
    if (values.is_active !== user.is_active) changes.is_active = values.is_active;
    try {
      const answer = await update.mutateAsync({ id: user.id, changes });
      notify.success(
        'change_id' in answer
          ? answer.message
          : changes.is_active === false
            ? USER_ADMIN_MESSAGES.deactivated
            : changes.is_active === true
              ? USER_ADMIN_MESSAGES.reactivated
              : USER_ADMIN_MESSAGES.updated,
      );
      onClose();
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(error.errors);
        setMessage(error.message);
      } else setMessage(FAILED);
    }
  };

  return (
    <Modal isOpen title={`Modifier ${user.name}`} onClose={onClose}>
      <form onSubmit={submit} className="space-y-3" noValidate>
        {message ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 font-medium text-red-800">
            {message}
          </p>
        ) : null}
        <TextField label="Nom" value={values.name} onChange={set('name')} error={errors.name?.[0]} />
        <TextField label="Email" type="email" value={values.email} onChange={set('email')} error={errors.email?.[0]} />
        <TextField label="Téléphone" inputMode="tel" value={values.telephone} onChange={set('telephone')} error={errors.telephone?.[0]} />
        {/* Chosen from Benin's list like every zone (docs/product/places.md); an old typed zone is shown to be replaced. */}
        <ZoneField label="Zone" value={values.zone} onChange={(zone) => setValues({ ...values, zone })} error={errors.zone?.[0]} />
        <SelectField
          label="Rôle"
          value={values.role}
          onChange={set('role')}
          error={errors.role?.[0]}
          options={ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
        />
        <label className="flex min-h-11 items-center gap-3 font-medium text-slate-800">
          <input
            type="checkbox"
            className="h-5 w-5 accent-emerald-700"
            checked={values.is_active}
            onChange={(e) => setValues({ ...values, is_active: e.target.checked })}
          />
          Compte actif (la personne peut se connecter)
        </label>
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="secondary" type="button" onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" isLoading={update.isPending} loadingText="Enregistrement…">
            Enregistrer
          </Button>
        </div>
      </form>
    </Modal>
  );
}
