import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { useState } from 'react';
import { ADMIN_TEXT } from './admin-texts';
import { type RowRemoval, type RowRemovalOptions, useRowRemoval } from './use-row-removal';

/**
 * Deletion behind the Annuler / Confirmer dialog (docs/product/screens.md): the row leaves the list once the server agreed.
 * Returns the function a row's "Supprimer" button calls and the dialog to render once.
 */
export function useConfirmedDeletion<T extends { id: number }>(
  options: RowRemovalOptions<T> & { /** The area's delete call. */ request: (row: T) => Promise<unknown> },
): RowRemoval<T> {
  const [target, setTarget] = useState<T | null>(null);
  const remove = useRowRemoval(options, options.request, () => setTarget(null));
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
