import { DASHBOARD_BY_ROLE, isProviderRole, type Role } from '@shared/constants';

/**
 * Where a user lands after logging in (spec §4): on a first login providers fill in /information and
 * consumers /questionnaire; everyone else goes to their role's dashboard; an unknown role to /unauthorized.
 */
export function pathAfterLogin(user: { role: string; first_login: boolean }): string {
  if (user.first_login && isProviderRole(user.role)) return '/information';
  if (user.first_login && user.role === 'consommateur') return '/questionnaire';
  return DASHBOARD_BY_ROLE[user.role as Role] ?? '/unauthorized';
}
