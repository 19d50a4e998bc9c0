import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { notify } from '@web/lib/notify';
import { session } from '@web/lib/session';
import { useNavigate } from 'react-router';

// TEMPORARY stand-in for features/auth useLogout (accounts issue): the admin logout clears token and role
// and goes to /connexion (spec §4).
export function useLogout(_variant: 'admin' | 'dashboard') {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api.post('/logout'),
    onSuccess: () => notify.success('Déconnexion réussie'),
    onError: () => notify.error('Une erreur est survenue lors de la déconnexion'),
    onSettled: () => {
      session.clearTokenAndRole();
      navigate('/connexion', { replace: true });
    },
  });
}
