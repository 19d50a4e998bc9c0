import { USER_ADMIN_MESSAGES } from '@shared/schemas/users';
import { type DB, nowIso } from '../../platform/database/database';
import {
  deleteActingTokens,
  deleteTokensActingFor,
  findTakenIdentifiers,
  findUserById,
  hasPendingAccountChange,
  listUsers,
  lockActiveAdministrators,
  lockUserRow,
  type UserListFilter,
  updateUser,
} from './data';
import { conflict, forbidden, notFound, unprocessable } from '../../platform/lib/http-errors';
import { revokeUserSessions } from './sessions';
import { notifyAccountConfirmed } from '../messages';
import type { SeekPageQuery } from '../../platform/lib/pagination';
import { type AuditActor, identityChangedBy, recordAudit } from '../audit';
import { type Creator, isCreatorRole, rethrowUniqueViolation, takenErrors } from './registration';
import { zoneColumns } from '../places';
import type { PendingChange } from '@shared/schemas/account-changes';
import {
  assertMayProposePromotion,
  assertNotPending,
  assertOwnSession,
  changeNeedsSecondAdministrator,
  countActiveAdministrators,
  IDENTITY_CHANGE_COOLING_MS,
} from '../policy';
import { type AdminUserChanges, proposeAccountChange } from './account-change-proposals';
import { notifyIdentifiersChanged } from './account-notices';

export const USER_MESSAGES = {
  confirmed: 'Compte confirmé avec succès.',
  userNotFound: "Cet utilisateur n'existe pas.",
} as const;

export function pageOfUsers(db: DB, filter: UserListFilter, query: SeekPageQuery) {
  return listUsers(db, { ...filter, q: query.q }, query);
}

/** A user's details for the adviser who created them, or for an administrator. */
export async function getCreatedUser(db: DB, viewer: Creator, userId: number) {
  if (!isCreatorRole(viewer.role)) throw forbidden();
  const user = await findUserById(db, userId);
  if (!user) throw notFound(USER_MESSAGES.userNotFound);
  if (viewer.role !== 'administrateur' && user.created_by !== viewer.id) throw forbidden();
  return user;
}

/** An administrator confirms an account; confirming twice is harmless. */
export async function confirmUser(db: DB, admin: AuditActor, userId: number, options: { publicUrl: string }): Promise<{ message: string }> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound(USER_MESSAGES.userNotFound);
  if (!user.is_confirmed) {
    await db.transaction().execute(async (trx) => {
      await updateUser(trx, userId, { is_confirmed: 1, updated_at: nowIso() });
      await recordAudit(trx, {
        actorId: admin.id,
        ip: admin.ip,
        actingId: admin.actingId,
        action: 'user.confirm',
        entity: 'users',
        entityId: userId,
        before: { is_confirmed: false },
        after: { is_confirmed: true },
      });
      await notifyAccountConfirmed(trx, user, options.publicUrl);
    });
  }
  return { message: USER_MESSAGES.confirmed };
}

/** The listed form of a user row (booleans for the flags). */
export function listedUser<U extends { is_active: number }>(user: U) {
  return { ...user, is_active: user.is_active === 1 };
}

/**
 * An administrator edits a user (docs/product/back-office.md): only the fields sent change. A change that the policy
 * gives to two administrators (modules/policy: promoting one, another's telephone, e-mail, role or activity) is
 * proposed instead and answers `{pending}`; it takes effect when another administrator approves it
 * (account-changes.ts), unless the proposer is the only active administrator.
 */
export async function updateUserByAdmin(
  db: DB,
  admin: AuditActor,
  userId: number,
  data: AdminUserChanges,
  options: { publicUrl: string },
): Promise<{ pending: PendingChange } | { user: ReturnType<typeof listedUser<UserRow>> }> {
  const current = await findUserById(db, userId);
  if (!current) throw notFound(USER_MESSAGES.userNotFound);
  assertNotPending(await hasPendingAccountChange(db, userId));
  // Chosen from the reference list like every zone (docs/product/places.md): one not in it is a French 422.
  if (data.zone !== undefined) zoneColumns(data.zone);
  const identifiers = { email: data.email ?? current.email, telephone: data.telephone ?? current.telephone };
  if (data.email !== undefined || data.telephone !== undefined) {
    const taken = takenErrors(await findTakenIdentifiers(db, identifiers, userId));
    if (taken) throw unprocessable(taken);
  }
  if (changeNeedsSecondAdministrator(admin.id, current, data)) {
    assertOwnSession(admin);
    if (data.role === 'administrateur' && current.role !== 'administrateur') {
      const since = new Date(Date.now() - IDENTITY_CHANGE_COOLING_MS).toISOString();
      assertMayProposePromotion(await identityChangedBy(db, userId, admin.id, since));
    }
    const pending = await proposeAccountChange(db, admin, { kind: 'update', userId, changes: data });
    if (pending) return { pending };
  }
  try {
    await db.transaction().execute((trx) => applyUserChanges(trx, admin, userId, data, options));
  } catch (error) {
    rethrowUniqueViolation(error);
  }
  const updated = await findUserById(db, userId);
  return { user: listedUser(updated!) };
}

type UserRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

/**
 * Applies an administrator's changes to an account in the caller's transaction: deactivating revokes every token of
 * the account at once; the last active administrator can be neither deactivated nor demoted (checked with every
 * active administrator's row locked, so two concurrent demotions of the last two cannot both pass); a new telephone
 * or e-mail is told to the former ones. Audited with before and after.
 */
export async function applyUserChanges(
  trx: DB,
  admin: AuditActor,
  userId: number,
  data: AdminUserChanges,
  options: { publicUrl: string },
  details?: Record<string, unknown>,
) {
  const zone = data.zone !== undefined ? zoneColumns(data.zone) : undefined;
  await lockActiveAdministrators(trx);
  await lockUserRow(trx, userId);
  const before = await findUserById(trx, userId);
  if (!before) throw notFound(USER_MESSAGES.userNotFound);
  const wasActiveAdmin = before.role === 'administrateur' && before.is_active === 1;
  const staysActiveAdmin = (data.role ?? before.role) === 'administrateur' && (data.is_active ?? before.is_active === 1);
  if (wasActiveAdmin && !staysActiveAdmin && (await countActiveAdministrators(trx, userId)) === 0) {
    throw conflict(USER_ADMIN_MESSAGES.lastAdministrator);
  }
  const changes = {
    ...(data.name !== undefined ? { name: data.name } : {}),
    ...(data.email !== undefined ? { email: data.email } : {}),
    ...(data.telephone !== undefined ? { telephone: data.telephone } : {}),
    ...(zone ?? {}),
    ...(data.role !== undefined ? { role: data.role } : {}),
    ...(data.is_active !== undefined ? { is_active: data.is_active ? 1 : 0 } : {}),
  };
  await updateUser(trx, userId, { ...changes, updated_at: nowIso() });
  if (data.is_active === false) await revokeUserSessions(trx, userId);
  // A role change ends the account's act-as tokens: whoever acted for it did so under its former role.
  if (data.role !== undefined && data.role !== before.role) {
    await deleteTokensActingFor(trx, userId);
    // And the act-as tokens the account holds for others: it acted as an adviser, and may be one no longer.
    await deleteActingTokens(trx, userId);
  }
  const after = await findUserById(trx, userId);
  const action =
    data.is_active !== undefined && data.is_active !== (before.is_active === 1)
      ? data.is_active
        ? 'user.reactivate'
        : 'user.deactivate'
      : data.role !== undefined && data.role !== before.role
        ? 'user.role_change'
        : 'user.update';
  await recordAudit(trx, {
    actorId: admin.id,
    ip: admin.ip,
    actingId: admin.actingId,
    action,
    entity: 'users',
    entityId: userId,
    before: pickChanged(before, changes),
    after: pickChanged(after!, changes),
    ...(details ? { details } : {}),
  });
  const telephoneChanged = data.telephone !== undefined && data.telephone !== before.telephone;
  const emailChanged = data.email !== undefined && data.email !== before.email;
  if (telephoneChanged || emailChanged) {
    await notifyIdentifiersChanged(trx, before, { telephone: telephoneChanged, email: emailChanged }, options.publicUrl);
  }
}

const DERIVED_ZONE_COLUMNS = new Set(['zone_key', 'commune', 'department']);

/** The audited columns: those the request named (the zone's key, commune and department are derived, left out). */
function pickChanged(row: Record<string, unknown>, changes: Record<string, unknown>) {
  const picked: Record<string, unknown> = {};
  for (const key of Object.keys(changes)) if (!DERIVED_ZONE_COLUMNS.has(key)) picked[key] = row[key];
  return picked;
}
