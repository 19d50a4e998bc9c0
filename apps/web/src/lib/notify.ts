import { toast } from 'react-toastify';

// Notifications: top-right, 5 s, pause on hover (set once on the container in app/toasts.tsx). The container and its
// stylesheet load at the first interaction or the first notification (app/providers.tsx): react-toastify keeps a toast
// emitted before its container mounts and shows it when the container arrives, so nothing is lost.
export const TOAST_WANTED_EVENT = 'app:toast-wanted';
let hasToasted = false;
/** Whether a notification has been asked for already (before the container's listener was attached, say). */
export const hasNotified = () => hasToasted;
const wanted = <T>(show: () => T): T => {
  hasToasted = true;
  window.dispatchEvent(new Event(TOAST_WANTED_EVENT));
  return show();
};

export const notify = {
  success: (message: string) => wanted(() => toast.success(message)),
  error: (message: string) => wanted(() => toast.error(message)),
  warning: (message: string) => wanted(() => toast.warning(message)),
  info: (message: string) => wanted(() => toast.info(message)),
};
