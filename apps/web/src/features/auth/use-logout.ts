import { AUTH_MESSAGES } from '@shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ApiError, api } from '@web/lib/api-client';
import { notify } from '@web/lib/notify';
import { session } from '@web/lib/session';

class MissingTokenError extends Error {
  constructor() {
    super(AUTH_MESSAGES.tokenMissing);
  }
}

/**
 * Logout (spec §4, §8): POST /logout with the bearer, then token and role leave local storage
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
      const token = session.token();
      if (!token) throw new MissingTokenError();
      await api.post('/logout', undefined, { token });
    },
    onSuccess: () => {
      notify.success(AUTH_MESSAGES.logoutSuccess);
      finish();
    },
    onError: (error) => {
      if (error instanceof MissingTokenError) {
        notify.error(AUTH_MESSAGES.tokenMissing);
        finish();
      } else if (error instanceof ApiError && error.status === 401) {
        notify.success(AUTH_MESSAGES.logoutSuccess);
        finish();
      } else {
        notify.error(AUTH_MESSAGES.logoutFailure);
      }
    },
  });
}
