import type { Role } from '@shared/constants';
import { normalizeZone } from '@shared/format';
import { type DB, nowIso } from '../../src/platform/database/database';
import { hashPassword } from '../../src/platform/lib/passwords';
import { resolveZone } from '../../src/modules/places';

export type UserOverrides = Partial<{
  name: string;
  email: string;
  telephone: string;
  password: string;
  zone: string | null;
  confirmed: boolean;
  firstLogin: boolean;
  createdBy: number | null;
}>;

let counter = 0;

/**
 * Inserts a user row straight into a database (confirmed by default), for the API and browser tests alike.
 * `uniqueSeed` keeps telephones and e-mails apart between processes that share a database.
 */
export async function insertUser(db: DB, role: Role, overrides: UserOverrides, options: { passwordCost: number; uniqueSeed: number }) {
  counter += 1;
  const unique = `${options.uniqueSeed}${counter}`.slice(-8).padStart(8, '0');
  const password = overrides.password ?? 'Mot-de-passe-1';
  const now = nowIso();
  const values = {
    // A name holds letters only (docs/product/validation.md "Text that people write"): the counter is spelt in letters.
    name:
      overrides.name ??
      `Utilisateur ${role.replace('_', '-')} ${[...counter.toString(26)].map((c) => String.fromCharCode(97 + Number.parseInt(c, 26))).join('')}`,
    email: overrides.email ?? `${role}.${unique}@example.bj`,
    telephone: overrides.telephone ?? `+22901${unique}`,
    zone: overrides.zone === undefined ? 'Cotonou' : overrides.zone,
  };
  const row = await db
    .insertInto('users')
    .values({
      ...values,
      zone_key: values.zone ? normalizeZone(values.zone) : null,
      // As registration stores it: the zone's commune and department when the reference list has it.
      commune: values.zone ? (resolveZone(values.zone)?.commune ?? null) : null,
      department: values.zone ? (resolveZone(values.zone)?.department ?? null) : null,
      password_hash: await hashPassword(password, options.passwordCost),
      role,
      is_confirmed: overrides.confirmed === false ? 0 : 1,
      first_login: overrides.firstLogin ? 1 : 0,
      created_by: overrides.createdBy ?? null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, ...values, password, role };
}
