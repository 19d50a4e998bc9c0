import type { Config } from '../config';
import { type DB, nowIso } from '../db/database';
import { generatePassword, hashPassword } from '../lib/passwords';

export interface BootstrapResult {
  created: boolean;
  telephone?: string;
  /** Set only when the password was generated: the caller prints it once. */
  generatedPassword?: string;
}

/** When no administrator exists, create a confirmed one from ADMIN_* (or with a generated password). */
export async function ensureAdmin(db: DB, config: Config): Promise<BootstrapResult> {
  const existing = await db.selectFrom('users').select('id').where('role', '=', 'administrateur').limit(1).executeTakeFirst();
  if (existing) return { created: false };
  const telephone = config.admin.telephone ?? '+22900000000';
  const generatedPassword = config.admin.password ? undefined : generatePassword();
  const password = config.admin.password ?? generatedPassword!;
  const now = nowIso();
  await db
    .insertInto('users')
    .values({
      name: config.admin.name ?? 'Administrateur',
      email: config.admin.email ?? 'admin@association.bj',
      telephone,
      password_hash: await hashPassword(password, config.passwordCost),
      role: 'administrateur',
      zone: null,
      zone_key: null,
      is_confirmed: 1,
      first_login: 0,
      created_by: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { created: true, telephone, generatedPassword };
}
