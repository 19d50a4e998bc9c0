import { type DB, nowIso } from '../../db/database';
import { findUserById, listUsers, type UserListFilter, updateUser } from '../../db/repositories/users';
import { forbidden, notFound } from '../../lib/http-errors';
import { notifyAccountConfirmed } from '../../messages/notifications';
import { pageOffset, type PageQuery } from '../../lib/pagination';
import type { AuditActor } from '../audit/record-audit';
import { auditUserAction } from './audit';
import { type Creator, isCreatorRole } from './registration';

export const USER_MESSAGES = {
  confirmed: 'Compte confirmé avec succès.',
  userNotFound: "Cet utilisateur n'existe pas.",
} as const;

export function pageOfUsers(db: DB, filter: UserListFilter, query: PageQuery) {
  return listUsers(db, { ...filter, q: query.q }, { limit: query.per_page, offset: pageOffset(query) });
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
      await auditUserAction(trx, admin, 'user.confirm', userId);
      await notifyAccountConfirmed(trx, user, options.publicUrl);
    });
  }
  return { message: USER_MESSAGES.confirmed };
}
