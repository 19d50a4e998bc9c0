import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@web/lib/router';
import { ApiError, api } from '@web/lib/api-client';
import { notify } from '@web/lib/notify';
import { session } from '@web/lib/session';

// The messages come with the auth schemas, which bring zod (~90 KB of JavaScript): loaded when logging out, so the
// dashboards' first render does without them (issue #20 item 1).
const authMessages = () => import('@shared/schemas/auth').then((m) => m.AUTH_MESSAGES);

class MissingTokenError extends Error {}

/**
 * Logout (docs/product/states.md, docs/product/errors.md): POST /logout with the bearer, then token and role leave local storage
 * (user_id and the other keys stay) and the user goes to /connexion. Both variants of the
 * specification end the same way; the variant names which dashboard asked.
 * A missing token raises "Token non trouvé"; a token the server no longer knows is treated as logged out.
 */
export function useLogout(_variant: 'admin' | 'dashboard') {
  const navigate = useNavigate();
  const finish = () => {
    session.clearTokenAndRole();
    navigate('/connexion', { replace: true });
  };
  return useMutation({
    mutationFn: async () => {
      const messages = await authMessages();
      const token = session.token();
      if (!token) throw new MissingTokenError(messages.tokenMissing);
      await api.post('/logout', undefined, { token });
      return messages;
    },
    onSuccess: (messages) => {
      notify.success(messages.logoutSuccess);
      finish();
    },
    onError: async (error) => {
      const messages = await authMessages().catch(() => null);
      if (error instanceof MissingTokenError) {
        notify.error(error.message);
        finish();
      } else if (error instanceof ApiError && error.status === 401) {
        if (messages) notify.success(messages.logoutSuccess);
        finish();
      } else if (messages) {
        notify.error(messages.logoutFailure);
      }
    },
  });
}
