import type { DonationPurpose } from '@shared/constants';
import type { CauseProgress } from '@shared/schemas/cause-progress';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** What one purpose has raised (GET /api/causes/progress, shared by the cause pages and the donation form). */
export function useCauseProgress(purpose: DonationPurpose): CauseProgress | undefined {
  const query = useQuery({
    queryKey: ['causes', 'progress'],
    queryFn: () => api.get<CauseProgress[]>('/causes/progress', { token: null }),
    staleTime: 30_000,
  });
  return query.data?.find((item) => item.purpose === purpose);
}
