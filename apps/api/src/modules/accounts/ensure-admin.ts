import type { Config } from '../../platform/config';
import { type DB, nowIso } from '../../platform/database/database';
import { hasAdministrator, insertUser } from './data';
import { toE164 } from '../../platform/lib/phone';
import { generatePassword, hashPassword } from '../../platform/lib/passwords';

export interface BootstrapResult {
  created: boolean;
  telephone?: string;
  /** Set only when the password was generated: the caller prints it once. */
  generatedPassword?: string;
}

/** When no administrator exists, create a confirmed one from ADMIN_* (or with a generated password). */
export async function ensureAdmin(db: DB, config: Config): Promise<BootstrapResult> {
  if (await hasAdministrator(db)) return { created: false };
  // Stored in the one E.164 form, whatever spelling ADMIN_TELEPHONE uses.
  const typed = config.admin.telephone ?? '+22900000000';
  const telephone = toE164(typed) ?? typed;
  const generatedPassword = config.admin.password ? undefined : generatePassword();
  const password = config.admin.password ?? generatedPassword!;
  const now = nowIso();
  await insertUser(db, {
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
  });
  return { created: true, telephone, generatedPassword };
}
