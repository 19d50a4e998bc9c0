import { CHOOSE_PASSWORD_PATH, type Role } from '@shared/constants';
import { useSyncExternalStore } from 'react';
import { Navigate, Outlet, useLocation } from '@web/lib/router';
import { session } from '@web/lib/session';

const noSubscription = () => () => {};

/**
 * No token → /connexion; an account that must choose its own password → that step first (docs/product/accounts.md);
 * wrong role → /unauthorized (docs/product/screens.md). Comfort only: the API checks every call.
 * The session lives in this browser's storage: the build's prerender and React's hydration of it render nothing here
 * (the server snapshot), and the decision is taken on the render right after, so a prerendered page hydrates cleanly.
 */
export function Guard({ roles }: { roles?: readonly Role[] }) {
  const location = useLocation();
  const canReadSession = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  if (!canReadSession) return null;
  const token = session.token();
  if (!token) return <Navigate to="/connexion" replace state={{ from: location.pathname }} />;
  if (session.mustChangePassword() && location.pathname !== CHOOSE_PASSWORD_PATH) return <Navigate to={CHOOSE_PASSWORD_PATH} replace />;
  const role = session.role();
  if (roles && (!role || !roles.includes(role as Role))) return <Navigate to="/unauthorized" replace />;
  return <Outlet />;
}
