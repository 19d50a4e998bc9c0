import type { Role } from '@shared/constants';
import { normalizeZone } from '@shared/format';
import { nowIso } from '../../src/db/database';
import { hashPassword } from '../../src/lib/passwords';
import { issueToken } from '../../src/services/accounts/sessions';
import type { TestApp } from './test-app';

let counter = 0;

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
export async function seedUser(
  t: TestApp,
  role: Role,
  overrides: Partial<{ name: string; email: string; telephone: string; password: string; zone: string | null; confirmed: boolean; firstLogin: boolean; createdBy: number | null }> = {},
): Promise<SeededUser> {
  counter += 1;
  const unique = `${process.pid}${counter}`.slice(-8).padStart(8, '0');
  const password = overrides.password ?? 'Mot-de-passe-1';
  const now = nowIso();
  const values = {
    name: overrides.name ?? `Utilisateur ${role} ${counter}`,
    email: overrides.email ?? `${role}.${unique}@example.bj`,
    telephone: overrides.telephone ?? `+229${unique}`,
    zone: overrides.zone === undefined ? 'Cotonou' : overrides.zone,
  };
  const inserted = await t.db
    .insertInto('users')
    .values({
      ...values,
      zone_key: values.zone ? normalizeZone(values.zone) : null,
      password_hash: await hashPassword(password, t.config.passwordCost),
      role,
      is_confirmed: overrides.confirmed === false ? 0 : 1,
      first_login: overrides.firstLogin ? 1 : 0,
      created_by: overrides.createdBy ?? null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = await issueToken(t.db, inserted.id);
  return { id: inserted.id, ...values, password, role, token };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
