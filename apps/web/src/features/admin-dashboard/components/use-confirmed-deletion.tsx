import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { api } from '@web/lib/api-client';
import { notify } from '@web/lib/notify';
import { type ReactNode, useState } from 'react';
import { ADMIN_TEXT } from '../admin-messages';
import { removeRow } from '../api/admin-lists';

/**
 * Deletion behind the Annuler / Confirmer dialog (spec §2): the row leaves the list once the server agreed.
 * Returns the function a row's "Supprimer" button calls and the dialog to render once.
 */
export function useConfirmedDeletion<T extends { id: number }>(options: {
  listKey: QueryKey;
  path: (row: T) => string;
  prompt: string;
  successText: string;
  errorText: string;
}): { askDelete: (row: T) => void; dialog: ReactNode } {
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<T | null>(null);
  const remove = useMutation({
    mutationFn: (row: T) => api.delete(options.path(row)),
    onSuccess: async (_body, row) => {
      setTarget(null);
      notify.success(options.successText);
      await removeRow(queryClient, options.listKey, row.id);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'stats'] });
    },
    onError: () => {
      setTarget(null);
      notify.error(options.errorText);
    },
  });
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
