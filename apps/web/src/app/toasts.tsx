import { LIMITS } from '@shared/constants';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';

/** Notifications: top-right, 5 s, pause on hover (docs/product/limits.md). Loaded lazily by app/providers.tsx. */
export default function Toasts() {
  return <ToastContainer position="top-right" autoClose={LIMITS.toastAutoCloseMs} pauseOnHover newestOnTop theme="colored" />;
}
