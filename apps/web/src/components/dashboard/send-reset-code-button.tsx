import type { MessageResponse } from '@shared/schemas/password-recovery';
import { useMutation } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { api, ApiError } from '@web/lib/api-client';
import { notify } from '@web/lib/notify';

// "Envoyer un code": an administrator, or the adviser who created the account, sends its owner a password reset
// code by SMS (POST /api/users/{id}/password-reset). Shared by the administrator's and the adviser's user lists.
export function SendResetCodeButton({ user }: { user: { id: number; name: string } }) {
  const send = useMutation({
    mutationFn: () => api.post<MessageResponse>(`/users/${user.id}/password-reset`),
    onSuccess: (res) => notify.success(res.message),
    onError: (error) => notify.error(error instanceof ApiError ? error.message : String(error)),
  });
  return (
    <Button
      variant="secondary"
      className="px-3 py-1 text-sm whitespace-nowrap"
      isLoading={send.isPending}
      loadingText="Envoi…"
      onClick={() => send.mutate()}
      aria-label={`Envoyer un code de réinitialisation à ${user.name}`}
    >
      <KeyRound aria-hidden size={16} />
      Envoyer un code
    </Button>
  );
}
