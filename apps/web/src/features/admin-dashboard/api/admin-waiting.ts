import type { WaitingCounts } from '@shared/schemas/back-office';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

/** What waits for the administrator (their landing view); refreshed whenever the view is shown again. */
export const useWaitingCounts = () =>
  useQuery({ queryKey: ['admin', 'waiting'], queryFn: () => api.get<WaitingCounts>('/admin/waiting'), staleTime: 0 });
