import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';

// The toast container (react-toastify and its CSS, ~8 KB gzip) is not needed to show the home page, so it stays
// out of the first load: it mounts at the first interaction, or at once on any other entry page (a payment
// return page toasts without a click). react-toastify queues a toast emitted before its container mounts and
// shows it when the container arrives, so nothing is lost.
const Toasts = lazy(() => import('./toasts'));
const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart', 'focusin'] as const;

function DeferredToasts() {
  // Decided after the first render, so a prerendered page hydrates against the same (empty) markup.
  const [isWanted, setWanted] = useState(false);
  useEffect(() => {
    if (isWanted) return;
    if (window.location.pathname !== '/') {
      setWanted(true);
      return;
    }
    const want = () => setWanted(true);
    for (const e of INTERACTIONS) window.addEventListener(e, want, { once: true, passive: true });
    window.addEventListener('popstate', want, { once: true });
    return () => {
      for (const e of INTERACTIONS) window.removeEventListener(e, want);
      window.removeEventListener('popstate', want);
    };
  }, [isWanted]);
  return isWanted ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

/** Notifications. Data fetching (TanStack Query) is provided per page by the router (app/query-provider.tsx). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <DeferredToasts />
    </>
  );
}
