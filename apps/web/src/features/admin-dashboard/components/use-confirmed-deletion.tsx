import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { api } from '@web/lib/api-client';
import { useState } from 'react';
import { ADMIN_TEXT } from '../admin-messages';
import { type RowRemoval, type RowRemovalOptions, useRowRemoval } from './use-row-removal';

/**
 * Deletion behind the Annuler / Confirmer dialog (spec §2): the row leaves the list once the server agreed.
 * Returns the function a row's "Supprimer" button calls and the dialog to render once.
 */
export function useConfirmedDeletion<T extends { id: number }>(options: RowRemovalOptions<T>): RowRemoval<T> {
  const [target, setTarget] = useState<T | null>(null);
  const remove = useRowRemoval(
    options,
    (row) => api.delete(options.path(row)),
    () => setTarget(null),
  );
  return {
    askDelete: setTarget,
    dialog: (
      <ConfirmDialog
        isOpen={target !== null}
        title={ADMIN_TEXT.deleteTitle}
        message={options.prompt}
        onCancel={() => {
          if (!remove.isPending) setTarget(null);
        }}
        onConfirm={() => {
          if (target) remove.mutate(target);
        }}
        isPending={remove.isPending}
      />
    ),
  };
}
