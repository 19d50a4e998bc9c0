import type { OfflinePaymentResponse } from '@shared/schemas/offline-payment';
import type { YearDonor, YearReceiptsJob } from '@shared/schemas/year-receipts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, apiPage } from '@web/lib/api-client';

export const YEAR_DONORS_PER_PAGE = 20;

/** One page of a year's donors (by telephone) with their count and total of donations received; `q` searches name or telephone. */
export const useYearDonors = (year: string, page: number, q: string) =>
  useQuery({
    queryKey: ['admin', 'year-receipts', year, page, q],
    queryFn: () => apiPage<YearDonor>('/admin/year-receipts', { year, page, per_page: YEAR_DONORS_PER_PAGE, ...(q ? { q } : {}) }),
    placeholderData: keepPreviousData,
  });

/** Starts making the year's ZIP on the server (or finds the one being made). */
export const startYearReceiptsJob = (year: string) => api.post<YearReceiptsJob>('/admin/year-receipts/zip-jobs', { year: Number(year) });

/** The year's newest ZIP job (null when none was ever started), shown when the view opens. */
export const useLatestYearReceiptsJob = (year: string) =>
  useQuery({
    queryKey: ['admin', 'year-receipts', 'zip-job', 'latest', year],
    queryFn: () => api.get<YearReceiptsJob | null>('/admin/year-receipts/zip-jobs', { query: { year } }),
  });

/** Follows a ZIP job every second until it is done or failed. */
export const useYearReceiptsJob = (id: number | null) =>
  useQuery({
    queryKey: ['admin', 'year-receipts', 'zip-job', id],
    queryFn: () => api.get<YearReceiptsJob>(`/admin/year-receipts/zip-jobs/${id}`),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && query.state.data.status !== 'running' ? false : 1000),
  });

/** Download addresses of the year receipts: every donor's in one zip, or one donor's PDF. */
export const yearReceiptPaths = {
  zip: (year: string) => `/admin/year-receipts/zip?year=${year}`,
  pdf: (year: string, telephone: string) => `/admin/year-receipts/${encodeURIComponent(telephone)}/pdf?year=${year}`,
};

/** Records money received outside the platform; the server answers with its receipt. */
export const recordOfflinePayment = (body: unknown) => api.post<OfflinePaymentResponse>('/admin/offline-payments', body);

/** The treasury accounts money can be recorded into (the form's optional choice). */
export const useTreasuryAccountChoices = () =>
  useQuery({
    queryKey: ['admin', 'treasury', 'accounts'],
    queryFn: () => api.get<Array<{ id: number; name: string }>>('/admin/treasury/accounts'),
  });
