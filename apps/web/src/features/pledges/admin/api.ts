import type { AdminStats } from '@shared/schemas/admin-stats';
import type { AdminPledge, PledgeStatus } from '@shared/schemas/pledges';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '@web/lib/api-client';
import { api } from '@web/lib/api-client';
import { session } from '@web/lib/session';

/** GET /api/admin/pledges: one page, its total and the list's monthly total (X-Monthly-Total). */
async function fetchPledges(status: PledgeStatus | '', page: number) {
  const params = new URLSearchParams({ page: String(page), per_page: '20' });
  if (status) params.set('status', status);
  const token = session.token();
  const response = await fetch(`/api/admin/pledges?${params.toString()}`, {
    headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  const body = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, (body as { message?: string } | null)?.message ?? 'Erreur');
  return {
    items: body as AdminPledge[],
    total: Number(response.headers.get('x-total-count') ?? 0),
    monthlyTotal: Number(response.headers.get('x-monthly-total') ?? 0),
  };
}

export const useAdminPledges = (status: PledgeStatus | '', page: number) =>
  useQuery({ queryKey: ['admin', 'pledges', status, page], queryFn: () => fetchPledges(status, page) });

/** Committed versus collected, from the statistics. */
export const usePledgeStats = () =>
  useQuery({ queryKey: ['admin', 'stats'], queryFn: () => api.get<AdminStats>('/admin/stats'), select: (stats) => stats.pledges });
