import type { MessageResponse } from '@shared/schemas/api-common';
import type { UnconfirmedUser } from '@shared/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { removeRow } from '@web/components/admin/page-fetchers';
import { api } from '@web/lib/api-client';
import { notify } from '@web/lib/notify';

export const UNCONFIRMED_ACCOUNTS_KEY = ['admin', 'unconfirmed-users'] as const;

const CONFIRMED = 'Compte confirmé avec succès.';
const CONFIRM_FAILED = "Erreur lors de la confirmation de l'utilisateur";

/** « Confirmer » an account: it leaves the list and the statistics are fetched again. */
export function useConfirmAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: UnconfirmedUser) => api.put<MessageResponse>(`/users/${user.id}/confirm`),
    onSuccess: async (body, user) => {
      notify.success(body?.message ?? CONFIRMED);
      await removeRow(queryClient, UNCONFIRMED_ACCOUNTS_KEY, user.id);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'stats'] });
    },
    onError: () => notify.error(CONFIRM_FAILED),
  });
}
