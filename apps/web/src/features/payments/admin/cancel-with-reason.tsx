import { OFFLINE_MESSAGES } from '@shared/schemas/offline-payment';
import { Button } from '@web/components/ui/button';
import { TextAreaField } from '@web/components/ui/field';
import { Modal } from '@web/components/ui/modal';
import { useState } from 'react';
import { type RowRemoval, type RowRemovalOptions, useRowRemoval } from '@web/components/admin/use-row-removal';
import { cancelMoneyRecord } from './api';

const REASON_MAX = 300;

/**
 * Deleting a money record cancels it: the server keeps it, with the reason given here, under the
 * « Annulés » filter and in the audit trail. Never one tap: the dialog asks for the reason first.
 */
export function useCancelWithReason<T extends { id: number }>(
  options: RowRemovalOptions<T> & { /** The record's address, e.g. `/donations/7`. */ path: (row: T) => string },
): RowRemoval<T> {
  const [target, setTarget] = useState<T | null>(null);
  const [reason, setReason] = useState('');
  const close = () => {
    setTarget(null);
    setReason('');
  };
  const cancel = useRowRemoval<T>(options, (row) => cancelMoneyRecord(options.path(row), reason), close);
  return {
    askDelete: setTarget,
    dialog: (
      <Modal isOpen={target !== null} title="Confirmer l’annulation" onClose={() => !cancel.isPending && close()}>
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
