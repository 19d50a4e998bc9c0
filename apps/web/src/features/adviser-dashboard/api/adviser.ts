import type { ZoneProvider } from '@shared/schemas/provider';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api, apiPage } from '@web/lib/api-client';

export interface CreatedUser {
  id: number;
  name: string;
  telephone: string;
  email: string;
  role: string;
  zone: string | null;
  is_confirmed: boolean;
}

export const CREATED_USERS_PER_PAGE = 20;
export const createdUsersKey = ['users', 'created'] as const;

export function useCreatedUsers(page: number) {
  return useQuery({
    queryKey: [...createdUsersKey, page],
    queryFn: () => apiPage<CreatedUser>('/users/created', { page, per_page: CREATED_USERS_PER_PAGE }),
    placeholderData: keepPreviousData,
    // Shown from memory when reopened, and asked again behind it (issue #20: never a stale list once revalidated).
    staleTime: 0,
  });
}

interface LoginAnswer {
  token: string;
  user: { id: number; role: string; first_login: boolean; name: string };
}

/** Logs in as one of the adviser's users; the adviser's own bearer goes along (spec §6). */
export function useLoginAs() {
  return useMutation({
    mutationFn: (input: { telephone: string; password: string }) => api.post<LoginAnswer>('/login', input),
  });
}

/** The acted-as user's details (adviser token), then the providers of their zone (the consumer's token). */
export function useZoneProviders(userId: number, consumerToken: string) {
  return useQuery({
    queryKey: ['adviser', 'zone-providers', userId, consumerToken],
    queryFn: async () => {
      const user = await api.get<{ id: number; name: string; role: string; zone: string | null }>(`/usersconseiller/${userId}`);
      if (!user.zone?.trim()) return { user, providers: [] as ZoneProvider[] };
      const providers = await api.get<ZoneProvider[]>('/recupprestataires', {
        // The consumer's own token (spec §7); a provider account may not list providers, so the adviser asks for it.
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
