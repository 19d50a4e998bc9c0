// Notifications: top-right, 5 s, pause on hover (set once on the container in app/toasts.tsx). react-toastify (its
// code, its container and its stylesheet) loads at the first interaction or the first notification (app/providers.tsx),
// never with the page: it keeps a toast emitted before its container mounts and shows it when the container arrives, so
// nothing is lost.
export const TOAST_WANTED_EVENT = 'app:toast-wanted';
let hasToasted = false;
/** Whether a notification has been asked for already (before the container's listener was attached, say). */
export const hasNotified = () => hasToasted;

type Kind = 'success' | 'error' | 'warning' | 'info';
const show = (kind: Kind) => (message: string) => {
  hasToasted = true;
  window.dispatchEvent(new Event(TOAST_WANTED_EVENT));
  // One notification at a time: the newest replaces what is still shown, so a stale « Merci… » never sits beside
  // a fresh « Erreur… » (issue #33 item 18).
  void import('react-toastify').then(({ toast }) => {
    toast.dismiss();
    toast[kind](message);
  });
};

export const notify = {
  success: show('success'),
  error: show('error'),
  warning: show('warning'),
  info: show('info'),
};
