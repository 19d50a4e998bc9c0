import { CHOOSE_PASSWORD_PATH, DASHBOARD_BY_ROLE, isProviderRole, type Role } from '@shared/constants';

/**
 * Where a user lands after logging in (docs/product/states.md, docs/product/accounts.md): an account created by someone else first
 * chooses its own password; on a first login providers fill in /information and consumers
 * /questionnaire; everyone else goes to their role's home; an unknown role to /unauthorized.
 */
export function pathAfterLogin(user: { role: string; first_login: boolean; must_change_password?: boolean }): string {
  if (user.must_change_password) return CHOOSE_PASSWORD_PATH;
  if (user.first_login && isProviderRole(user.role)) return '/information';
  if (user.first_login && user.role === 'consommateur') return '/questionnaire';
  return DASHBOARD_BY_ROLE[user.role as Role] ?? '/unauthorized';
}
