import { Button } from './button';
import { Modal } from './modal';

/** The deletion dialog of docs/product/screens.md: Annuler / Confirmer. */
export function ConfirmDialog({
  isOpen,
  title = 'Confirmer la suppression',
  message,
  onCancel,
  onConfirm,
  isPending,
}: {
  isOpen: boolean;
  title?: string;
  message: string;
  onCancel: () => void;
  onConfirm: () => void;
  isPending?: boolean;
}) {
  return (
    <Modal isOpen={isOpen} title={title} onClose={onCancel}>
      <p className="mb-6 text-slate-800">{message}</p>
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onCancel}>
          Annuler
        </Button>
        <Button variant="danger" onClick={onConfirm} isLoading={isPending} loadingText="En cours...">
          Confirmer
        </Button>
      </div>
    </Modal>
  );
}
