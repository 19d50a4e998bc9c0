import type { MessageResponse } from '@shared/schemas/api-common';
import type { ContactMessage } from '@shared/schemas/public-site';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { removeRow } from '@web/components/admin/page-fetchers';
import { api } from '@web/lib/api-client';
import { notify } from '@web/lib/notify';

const HANDLE_FAILED = 'Erreur lors de la mise à jour du message';

/** « Marquer traité » / « Remettre en nouveau »: the message moves to the other tab. */
export function useToggleHandled(listKey: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (m: ContactMessage) => api.put<MessageResponse>(`/contact-messages/${m.id}/handled`, { handled: m.handled_at === null }),
    onSuccess: async (body, m) => {
      notify.success(body.message);
      // The message moves to the other tab; the landing view's count changes.
      await removeRow(queryClient, listKey, m.id);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'contact-messages'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'waiting'] });
    },
    onError: () => notify.error(HANDLE_FAILED),
  });
}
