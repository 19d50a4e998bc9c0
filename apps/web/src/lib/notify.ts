import { toast } from 'react-toastify';

// Notifications: top-right, 5 s, pause on hover (set once on the container in app/toasts.tsx).
export const notify = {
  success: (message: string) => toast.success(message),
  error: (message: string) => toast.error(message),
  warning: (message: string) => toast.warning(message),
  info: (message: string) => toast.info(message),
};
