import type { ProviderInformation } from '@shared/schemas/provider';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@web/lib/api-client';
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
    queryFn: async () => {
      try {
        await api.get('/prestataire');
        return true;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return false;
        throw error;
      }
    },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
