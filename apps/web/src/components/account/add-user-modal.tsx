import type { Role } from '@shared/constants';
import type { RegisteredUser } from '@shared/schemas/register';
import { Modal } from '@web/components/ui/modal';
import { RegisterForm } from './register-form';

export interface AddUserModalProps {
  isOpen: boolean;
  onClose: () => void;
  /** Roles the modal offers: every role for administrators, consommateur and the provider roles for advisers. */
  allowedRoles: readonly Role[];
  onCreated?: (user: RegisteredUser) => void;
}

/** The dashboards' "Ajouter un utilisateur" modal (docs/product/screens.md): name, email, telephone, zone, password, role. */
export function AddUserModal({ isOpen, onClose, allowedRoles, onCreated }: AddUserModalProps) {
  return (
    <Modal isOpen={isOpen} title="Ajouter un utilisateur" onClose={onClose}>
      <RegisterForm
        roles={allowedRoles}
        submitLabel="Ajouter"
        onCreated={(user) => {
          onCreated?.(user);
          onClose();
        }}
      />
    </Modal>
  );
}
