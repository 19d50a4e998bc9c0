import { ADVISER_CREATABLE_ROLES, isAdviserRole, type Role } from '@shared/constants';
import { REGISTER_MESSAGES, type RegisterData } from '@shared/schemas/register';
import { type DB, nowIso } from '../../platform/database/database';
import { findTakenIdentifiers, insertUser } from './data';
import { forbidden, type FieldErrors, unprocessable } from '../../platform/lib/http-errors';
import { hashPassword } from '../../platform/lib/passwords';
import { recordAudit } from '../audit';
import { notifyAccountCreated } from '../messages';
import { zoneColumns } from '../places';
import { changeNeedsSecondAdministrator } from '../policy';
import { type NewAccountValues, proposeAccountChange } from './account-change-proposals';
import { uniqueViolationField } from './unique-violation';

export interface Creator {
  id: number;
  role: string;
}

/** docs/product/roles.md: administrators create any role; advisers only consumers and providers; nobody else. */
export function canCreateRole(creatorRole: string, role: Role): boolean {
  if (creatorRole === 'administrateur') return true;
  if (isAdviserRole(creatorRole)) return (ADVISER_CREATABLE_ROLES as readonly string[]).includes(role);
  return false;
}

export const isCreatorRole = (role: string) => role === 'administrateur' || isAdviserRole(role);

export function takenErrors(taken: { email: boolean; telephone: boolean }): FieldErrors | null {
  const errors: FieldErrors = {};
  if (taken.email) errors.email = [REGISTER_MESSAGES.emailTaken];
  if (taken.telephone) errors.telephone = [REGISTER_MESSAGES.telephoneTaken];
  return Object.keys(errors).length ? errors : null;
}

/** Rethrows a unique-constraint failure as the 422 on its field; anything else unchanged. */
export function rethrowUniqueViolation(error: unknown): never {
  const field = uniqueViolationField(error);
  if (field) throw unprocessable({ [field]: [field === 'email' ? REGISTER_MESSAGES.emailTaken : REGISTER_MESSAGES.telephoneTaken] });
  throw error;
}

/**
 * Creates an account on behalf of a logged-in creator, from the client address `ip` (audit trail). created_by comes from the token, never the body;
 * accounts created by an administrator are confirmed at once, the others wait for an administrator.
 */
export async function registerUser(
  db: DB,
  creator: Creator,
  data: RegisterData,
  passwordCost: number,
  ip: string | null,
  options: { publicUrl: string },
) {
  if (!isCreatorRole(creator.role)) throw forbidden();
  if (!canCreateRole(creator.role, data.role)) throw forbidden(REGISTER_MESSAGES.roleForbidden);

  const zone = zoneColumns(data.zone);
  // A friendly early answer naming every taken field; the unique indexes still decide under concurrency.
  const taken = takenErrors(await findTakenIdentifiers(db, data));
  if (taken) throw unprocessable(taken);

  const isConfirmed = creator.role === 'administrateur';
  const values: NewAccountValues = {
    name: data.name,
    email: data.email,
    telephone: data.telephone,
    password_hash: await hashPassword(data.password, passwordCost),
    role: data.role,
    ...zone,
    is_confirmed: isConfirmed ? 1 : 0,
  };
  // A new administrator is made by two (modules/policy): proposed here, created when another approves.
  if (changeNeedsSecondAdministrator(creator.id, null, { role: data.role })) {
    const pending = await proposeAccountChange(db, { id: creator.id, ip, actingId: null }, { kind: 'create', changes: values });
    if (pending) return { pending, user: undefined };
  }
  let id: number;
  try {
    id = await db.transaction().execute((trx) => insertRegisteredUser(trx, creator, values, ip, options));
  } catch (error) {
    rethrowUniqueViolation(error);
  }
  return {
    pending: undefined,
    user: {
      id,
      name: values.name,
      email: values.email,
      telephone: values.telephone,
      role: values.role,
      zone: values.zone,
      is_confirmed: isConfirmed,
    },
  };
}

/** Inserts an account created by `creator`, audits it and tells the person how to sign in; in the caller's transaction. */
export async function insertRegisteredUser(
  trx: DB,
  creator: { id: number },
  values: NewAccountValues,
  ip: string | null,
  options: { publicUrl: string },
  details?: Record<string, unknown>,
): Promise<number> {
  const now = nowIso();
  const userId = await insertUser(trx, {
    ...values,
    first_login: 1,
    // Created by someone else: the account chooses its own password at its first own login (docs/product/accounts.md).
    must_change_password: 1,
    created_by: creator.id,
    created_at: now,
    updated_at: now,
  });
  await recordAudit(trx, {
    actorId: creator.id,
    actingId: null /* an act-as token cannot register (ownSessionOnly) */,
    ip,
    action: 'user.register',
    entity: 'users',
    entityId: userId,
    details: { role: values.role, ...details },
  });
  // How to sign in, by SMS (and e-mail when known): the person did not create this account.
  await notifyAccountCreated(
    trx,
    { id: userId, name: values.name, telephone: values.telephone, email: values.email || null, role: values.role },
    options.publicUrl,
    values.is_confirmed === 1,
  );
  return userId;
}
