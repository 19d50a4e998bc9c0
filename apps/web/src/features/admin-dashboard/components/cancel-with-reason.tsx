import { OFFLINE_MESSAGES } from '@shared/schemas/offline-payment';
import { Button } from '@web/components/ui/button';
import { TextAreaField } from '@web/components/ui/field';
import { Modal } from '@web/components/ui/modal';
import { apiRequest } from '@web/lib/api-client';
import { useState } from 'react';
import { ADMIN_TEXT } from '../admin-messages';
import { type RowRemoval, type RowRemovalOptions, useRowRemoval } from './use-row-removal';

const REASON_MAX = 300;

/**
 * Deleting a money record cancels it: the server keeps it, with the reason given here, under the
 * « Annulés » filter and in the audit trail. Never one tap: the dialog asks for the reason first.
 */
export function useCancelWithReason<T extends { id: number }>(options: RowRemovalOptions<T>): RowRemoval<T> {
  const [target, setTarget] = useState<T | null>(null);
  const [reason, setReason] = useState('');
  const close = () => {
    setTarget(null);
    setReason('');
  };
  const cancel = useRowRemoval(
    options,
    (row) => apiRequest(options.path(row), { method: 'DELETE', body: { reason: reason.trim() || undefined } }),
    close,
  );
  return {
    askDelete: setTarget,
    dialog: (
      <Modal isOpen={target !== null} title={ADMIN_TEXT.deleteTitle} onClose={() => !cancel.isPending && close()}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (target) cancel.mutate(target);
          }}
        >
          <p className="mb-4 text-slate-800">{options.prompt}</p>
          <TextAreaField
            label="Motif de l’annulation (facultatif)"
            hint="Gardé avec l’enregistrement et dans le journal d’audit."
            value={reason}
            maxLength={REASON_MAX}
            onChange={(e) => setReason(e.target.value)}
            error={reason.length > REASON_MAX ? OFFLINE_MESSAGES.reasonTooLong : undefined}
          />
          <div className="mt-6 flex justify-end gap-3">
            <Button variant="secondary" onClick={close} disabled={cancel.isPending}>
              Annuler
            </Button>
            <Button type="submit" variant="danger" isLoading={cancel.isPending} loadingText="En cours...">
              Confirmer
            </Button>
          </div>
        </form>
      </Modal>
    ),
  };
}
