import type { ProviderInformation } from '@shared/schemas/provider';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { MessageResponse } from '@shared/schemas/api-common';

export function createProvider(input: ProviderInformation) {
  return api.post<MessageResponse>('/prestataires', input);
}

export function useCreateProvider() {
  return useMutation({ mutationFn: createProvider });
}

/** Whether the provider already saved its record (then the form has nothing left to do). */
export function useHasProviderRecord() {
  return useQuery({
    queryKey: ['prestataire', 'exists'],
    // Not GET /prestataire, whose 404 for a provider without a record shows as an error in the browser's console.
    queryFn: async () => (await api.get<{ has_record: boolean }>('/prestataire/status')).has_record,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
