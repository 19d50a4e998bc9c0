import type { ProviderRecord, ProviderUpdate, ProviderUpdateResponse } from '@shared/schemas/provider';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@web/lib/api-client';

const providerKey = ['prestataire', 'own'] as const;

export function useOwnProvider() {
  return useQuery({
    queryKey: providerKey,
    queryFn: () => api.get<ProviderRecord>('/prestataire'),
    // A missing record (404) is an answer, not a glitch worth retrying.
    retry: (count, error) => !(error instanceof ApiError && error.status > 0 && error.status < 500) && count < 1,
  });
}

export function useUpdateProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: number; values: ProviderUpdate }) => api.put<ProviderUpdateResponse>(`/prestataire/${id}`, values),
    onSuccess: (data) => queryClient.setQueryData(providerKey, data.prestataire),
  });
}
