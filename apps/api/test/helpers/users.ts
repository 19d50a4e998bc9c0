import type { Role } from '@shared/constants';
import { issueToken } from '../../src/modules/accounts/sessions';
import { insertUser, type UserOverrides } from './insert-user';
import type { TestApp } from './test-app';

export interface SeededUser {
  id: number;
  name: string;
  email: string;
  telephone: string;
  password: string;
  role: Role;
  zone: string | null;
  token: string;
}

/** Inserts a user straight into the database (confirmed by default) and issues a token for it. */
export async function seedUser(t: TestApp, role: Role, overrides: UserOverrides = {}): Promise<SeededUser> {
  const user = await insertUser(t.db, role, overrides, { passwordCost: t.config.passwordCost, uniqueSeed: process.pid });
  return { ...user, token: await issueToken(t.db, user.id) };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
