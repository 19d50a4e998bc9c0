import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/**
 * « Hors ligne » notice while the device has no connection (pages then come from the service worker, apps/web/src/sw.ts).
 * Fixed at the bottom, so it never moves the page; online on the server and during hydration.
 */
export function OfflineNotice() {
  const isOnline = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  if (isOnline) return null;
  return (
    <p
      role="status"
      className="fixed inset-x-0 bottom-0 z-40 bg-amber-100 px-4 py-3 text-center text-sm text-amber-950 shadow-lg ring-1 ring-amber-300"
    >
      <strong>Hors ligne&nbsp;:</strong> vous lisez la version enregistrée sur cet appareil. Ce que vous écrivez dans un formulaire est
      gardé&nbsp;; envoyez-le quand la connexion sera revenue.
    </p>
  );
}
