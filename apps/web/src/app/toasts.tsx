import { LIMITS } from '@shared/constants';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';

/** Notifications: top-right, 5 s, pause on hover (spec §9). Loaded lazily by app/providers.tsx. */
export default function Toasts() {
  return <ToastContainer position="top-right" autoClose={LIMITS.toastAutoCloseMs} pauseOnHover newestOnTop theme="colored" />;
}
