import type { Breach, Processing, RetentionRun } from '@shared/schemas/privacy-registers';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

// The administrator's registers (docs/product/personal-data.md): processings, breaches, the retention job's runs.

export const REGISTER_PDF_PATH = '/admin/privacy/register?format=pdf';

export const useProcessings = () =>
  useQuery({ queryKey: ['admin', 'privacy', 'processings'], queryFn: () => api.get<Processing[]>('/admin/privacy/processings') });

export const useBreaches = () =>
  useQuery({ queryKey: ['admin', 'privacy', 'breaches'], queryFn: () => api.get<Breach[]>('/admin/privacy/breaches') });

export const recordBreach = (body: unknown) => api.post<{ message: string; breach: Breach }>('/admin/privacy/breaches', body);

export const useRetentionRuns = () =>
  useQuery({ queryKey: ['admin', 'privacy', 'retention-runs'], queryFn: () => api.get<RetentionRun[]>('/admin/privacy/retention/runs') });

export const startRetentionRun = () => api.post<RetentionRun>('/admin/privacy/retention/runs');
