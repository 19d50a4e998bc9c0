import { CHOOSE_PASSWORD_PATH, type Role } from '@shared/constants';
import { Navigate, Outlet, useLocation } from 'react-router';
import { session } from '@web/lib/session';

/**
 * No token → /connexion; an account that must choose its own password → that step first (CONTRACT.md);
 * wrong role → /unauthorized (spec §2). Comfort only: the API checks every call.
 */
export function Guard({ roles }: { roles?: readonly Role[] }) {
  const location = useLocation();
  const token = session.token();
  if (!token) return <Navigate to="/connexion" replace state={{ from: location.pathname }} />;
  if (session.mustChangePassword() && location.pathname !== CHOOSE_PASSWORD_PATH) return <Navigate to={CHOOSE_PASSWORD_PATH} replace />;
  const role = session.role();
  if (roles && (!role || !roles.includes(role as Role))) return <Navigate to="/unauthorized" replace />;
  return <Outlet />;
}
