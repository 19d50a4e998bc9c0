import { type ReactNode, useState } from 'react';
import { Button } from './button';
import { TextAreaField } from './field';
import { Modal } from './modal';

/**
 * A modal that asks for a required reason before an action (a reversal, a cancellation, a reopening), never
 * window.prompt: the reason is checked here, and the server's error on `reason` shows under the field.
 */
export function ReasonDialog({
  isOpen,
  title,
  message,
  label = 'Motif',
  requiredMessage,
  confirmLabel = 'Confirmer',
  cancelLabel = 'Annuler',
  max = 500,
  onCancel,
  onConfirm,
}: {
  isOpen: boolean;
  title: string;
  message: ReactNode;
  label?: string;
  requiredMessage: string;
  confirmLabel?: string;
  cancelLabel?: string;
  max?: number;
  onCancel: () => void;
  /** Resolves when done (the dialog closes); a rejection shows its `reason` error or its message. */
  onConfirm: (reason: string) => Promise<void>;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const close = () => {
    if (pending) return;
    setReason('');
    setError(undefined);
    onCancel();
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError(requiredMessage);
      return;
    }
    setPending(true);
    try {
      await onConfirm(reason.trim());
      setReason('');
      setError(undefined);
    } catch (e) {
      const errors = (e as { errors?: Record<string, string[]> }).errors;
      setError(errors?.reason?.[0] ?? (e instanceof Error ? e.message : 'Une erreur est survenue.'));
    } finally {
      setPending(false);
    }
  };
  return (
    <Modal isOpen={isOpen} title={title} onClose={close}>
      <form className="space-y-4" onSubmit={submit} noValidate>
        <div className="text-slate-800">{message}</div>
        <TextAreaField label={label} value={reason} maxLength={max} error={error} onChange={(e) => setReason(e.target.value)} />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={close} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button type="submit" variant="danger" isLoading={pending} loadingText="En cours...">
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
