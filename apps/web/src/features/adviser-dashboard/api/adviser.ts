import type { LoginResponse } from '@shared/schemas/auth';
import type { ZoneProvider } from '@shared/schemas/provider';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api, apiPage } from '@web/lib/api-client';
import type { CreatedUser, UserDetails } from '@shared/schemas/users';
import { pageQuery } from '@web/components/admin/list-definition';
import { CREATED_USERS_LIST } from '../created-users-list';

export type { CreatedUser };

export const CREATED_USERS_PER_PAGE = 20;
export const createdUsersKey = ['users', 'created'] as const;

export function useCreatedUsers(page: number) {
  return useQuery({
    queryKey: [...createdUsersKey, page],
    queryFn: () => apiPage<CreatedUser>(CREATED_USERS_LIST.path, pageQuery(CREATED_USERS_LIST.params, page, CREATED_USERS_PER_PAGE, '')),
    placeholderData: keepPreviousData,
    // Shown from memory when reopened, and asked again behind it (issue #20: never a stale list once revalidated).
    staleTime: 0,
  });
}

export const LOGIN_AS_FAILURE = 'Échec de la connexion. Vérifiez vos informations et réessayez.';

/**
 * Acts for one of the adviser's users without their password (docs/product/accounts.md: POST /api/users/{id}/act-as,
 * a 2-hour token recorded in the audit trail with both identities). Replaces docs/product/screens.md's login-as modal.
 */
export function useActAs() {
  return useMutation({
    mutationFn: (userId: number) => api.post<LoginResponse>(`/users/${userId}/act-as`),
  });
}

/** The acted-as user's details (adviser token), then the providers of their zone (the consumer's token). */
export function useZoneProviders(userId: number, consumerToken: string) {
  return useQuery({
    queryKey: ['adviser', 'zone-providers', userId, consumerToken],
    queryFn: async () => {
      const user = await api.get<UserDetails>(`/usersconseiller/${userId}`);
      if (!user.zone?.trim()) return { user, providers: [] as ZoneProvider[] };
      const providers = await api.get<ZoneProvider[]>('/recupprestataires', {
        // The consumer's own token (docs/product/http-api.md); a provider account may not list providers, so the adviser asks for it.
        token: user.role === 'consommateur' ? consumerToken : undefined,
        query: { zone: user.zone, per_page: 100 },
      });
      return { user, providers };
    },
    retry: false,
  });
}

/** Ends the acted-as session on the server too, so the consumer's token stops working. */
export function revokeConsumerToken(consumerToken: string) {
  return api.post('/logout', {}, { token: consumerToken });
}
