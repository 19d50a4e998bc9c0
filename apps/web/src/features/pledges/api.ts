import type {
  PledgeActionResult,
  PledgeChangeInput,
  PledgeCheckout,
  PledgeCreated,
  PledgeCreateInput,
  PledgePush,
  PledgeView,
} from '@shared/schemas/pledges';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '@web/lib/api-client';

// Recurring giving: the donor's link (no account, so no bearer sent), the member space, making a pledge.

const byToken = (token: string) => `/pledges/by-token/${encodeURIComponent(token)}`;

export const usePledgeByToken = (token: string) =>
  useQuery({ queryKey: ['pledge', token], queryFn: () => api.get<PledgeView>(byToken(token), { token: null }), retry: false });

export function useChangePledgeByToken(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: PledgeChangeInput) =>
      apiRequest<PledgeActionResult>(byToken(token), { method: 'PATCH', body: change, token: null }),
    onSuccess: (result) => client.setQueryData(['pledge', token], result.pledge),
  });
}

export const payLatestDue = (token: string) => api.post<PledgeCheckout>(`${byToken(token)}/pay`, {}, { token: null });
/** The due asked on the donor's telephone, no checkout page (docs/giving-by-phone.md). */
export const payLatestDueByPhone = (token: string) => api.post<PledgePush>(`${byToken(token)}/pay`, { mode: 'push' }, { token: null });

export const useOwnPledges = () => useQuery({ queryKey: ['profile', 'pledges'], queryFn: () => api.get<PledgeView[]>('/profile/pledges') });

export function useChangeOwnPledge(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: PledgeChangeInput) => apiRequest<PledgeActionResult>(`/profile/pledges/${id}`, { method: 'PATCH', body: change }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['profile', 'pledges'] }),
  });
}

export const createPledge = (values: PledgeCreateInput) => api.post<PledgeCreated | PledgePush>('/pledges', values);
