import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { LIMITS } from '@shared/constants';
import type { ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false },
  },
});

/** Data fetching and notifications (top-right, 5 s, pause on hover — spec §9). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastContainer position="top-right" autoClose={LIMITS.toastAutoCloseMs} pauseOnHover newestOnTop theme="colored" />
    </QueryClientProvider>
  );
}
