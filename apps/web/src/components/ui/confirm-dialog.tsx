import { Button } from './button';
import { Modal } from './modal';

/**
 * The deletion dialog of docs/product/screens.md: Annuler / Confirmer. A dialog whose act is itself a cancellation
 * names its buttons (« Garder » / « Annuler l’inscription »): « Annuler » would read both ways.
 */
export function ConfirmDialog({
  isOpen,
  title = 'Confirmer la suppression',
  message,
  onCancel,
  onConfirm,
  isPending,
  cancelLabel = 'Annuler',
  confirmLabel = 'Confirmer',
}: {
  isOpen: boolean;
  title?: string;
  message: string;
  onCancel: () => void;
  onConfirm: () => void;
  isPending?: boolean;
  cancelLabel?: string;
  confirmLabel?: string;
}) {
  return (
    <Modal isOpen={isOpen} title={title} onClose={onCancel}>
      <p className="mb-6 text-slate-800">{message}</p>
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button variant="danger" onClick={onConfirm} isLoading={isPending} loadingText="En cours...">
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
