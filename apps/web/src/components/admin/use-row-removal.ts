import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '@web/lib/notify';
import type { ReactNode } from 'react';
import { removeRow } from './page-fetchers';

/** What a list gives to delete its rows behind a dialog. */
export interface RowRemovalOptions<_T> {
  listKey: QueryKey;
  prompt: string;
  successText: string;
  errorText: string;
}

/** The function a row's "Supprimer" button calls and the dialog to render once. */
export interface RowRemoval<T> {
  askDelete: (row: T) => void;
  dialog: ReactNode;
}

/**
 * The delete request behind a list's dialog: `close` runs once the server answered; on success the row leaves
 * the list and the statistics are fetched again, and a notification says how it went.
 */
export function useRowRemoval<T extends { id: number }>(
  options: RowRemovalOptions<T>,
  request: (row: T) => Promise<unknown>,
  close: () => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async (_body, row) => {
      close();
      notify.success(options.successText);
      await removeRow(queryClient, options.listKey, row.id);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'stats'] });
    },
    onError: () => {
      close();
      notify.error(options.errorText);
    },
  });
}
