import { hasNotified, TOAST_WANTED_EVENT } from '@web/lib/notify';
import { Component, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';

// The toast container (react-toastify and its CSS, ~8 KB gzip) is not needed to show a page, and inserting its
// stylesheet restyles the whole document (a long task on a slow phone, counted in Lighthouse's TBT): it mounts at the
// first interaction or at the first notification (lib/notify.ts announces it, e.g. a payment return page's result).
// react-toastify queues a toast emitted before its container mounts and shows it when the container arrives, so
// nothing is lost.
const Toasts = lazy(() => import('./toasts'));

// Offline at the first interaction, that chunk cannot load, and an error escaping here would replace the whole page.
// The page stays; notifications come back with the next page load (Chromium keeps a failed module import failed).
class WithoutToastsOnFailure extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart', 'focusin'] as const;

function DeferredToasts() {
  // Decided after the first render, so a prerendered page hydrates against the same (empty) markup.
  const [isWanted, setWanted] = useState(false);
  useEffect(() => {
    if (isWanted) return;
    const want = () => setWanted(true);
    // A page's own effects run before this one: a toast they emitted on mount is already waiting.
    if (hasNotified()) return want();
    for (const e of INTERACTIONS) window.addEventListener(e, want, { once: true, passive: true });
    window.addEventListener(TOAST_WANTED_EVENT, want, { once: true });
    return () => {
      for (const e of INTERACTIONS) window.removeEventListener(e, want);
      window.removeEventListener(TOAST_WANTED_EVENT, want);
    };
  }, [isWanted]);
  return isWanted ? (
    <WithoutToastsOnFailure>
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
    </WithoutToastsOnFailure>
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
