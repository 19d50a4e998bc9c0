import type { ProviderInformation } from '@shared/schemas/provider';
import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

export function createProvider(input: ProviderInformation) {
  return api.post<{ message: string }>('/prestataires', input);
}

export function useCreateProvider() {
  return useMutation({ mutationFn: createProvider });
}
