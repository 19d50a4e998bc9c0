import { PROFILE_MESSAGES, type ProfileUpdate } from '@shared/schemas/profile';
import { type DB, nowIso } from '../../db/database';
import { findTakenIdentifiers, findUserById, updateUser } from '../../db/repositories/users';
import { fieldError, notFound, unprocessable } from '../../lib/http-errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { getMembership } from '../membership/memberships';
import { rethrowUniqueViolation, takenErrors } from './registration';

const toProfile = (
  u: { id: number; name: string; email: string; telephone: string; role: string; zone: string | null },
  mustChangePassword: boolean,
) => ({
  id: u.id,
  name: u.name,
  email: u.email,
  telephone: u.telephone,
  role: u.role,
  zone: u.zone,
  must_change_password: mustChangePassword,
});

export async function getProfile(db: DB, userId: number) {
  const user = await findUserById(db, userId);
  if (!user) throw notFound();
  const flags = await db.selectFrom('users').select('must_change_password').where('id', '=', userId).executeTakeFirst();
  return { ...toProfile(user, flags?.must_change_password === 1), membership: await getMembership(db, userId) };
}

/**
 * Changing the password, the telephone or the e-mail needs the current password (issue 15): a stolen
 * token alone must not be enough to take the account. The name alone can change without it.
 */
async function checkCurrentPassword(db: DB, userId: number, data: ProfileUpdate): Promise<void> {
  const stored = await db.selectFrom('users').select(['email', 'telephone', 'password_hash']).where('id', '=', userId).executeTakeFirst();
  if (!stored) throw notFound();
  const isSensitive = data.password !== undefined || data.email !== stored.email || data.telephone !== stored.telephone;
  if (!isSensitive) return;
  if (!data.current_password)
    throw fieldError('current_password', PROFILE_MESSAGES.currentPasswordRequired, PROFILE_MESSAGES.currentPasswordRequired);
  if (!(await verifyPassword(data.current_password, stored.password_hash))) {
    throw fieldError('current_password', PROFILE_MESSAGES.currentPasswordWrong, PROFILE_MESSAGES.currentPasswordWrong);
  }
  if (data.password !== undefined && data.password === data.current_password) throw fieldError('password', PROFILE_MESSAGES.samePassword);
}

/**
 * Updates the caller's own name, e-mail, telephone and (when given) password. A password change
 * signs out every other session of the account; the current one stays.
 */
export async function updateProfile(db: DB, userId: number, currentTokenId: number, data: ProfileUpdate, passwordCost: number) {
  await checkCurrentPassword(db, userId, data);
  const taken = takenErrors(await findTakenIdentifiers(db, data, userId));
  if (taken) throw unprocessable(taken);
  const passwordHash = data.password ? await hashPassword(data.password, passwordCost) : undefined;
  try {
    await db.transaction().execute(async (trx) => {
      await updateUser(trx, userId, {
        name: data.name,
        email: data.email,
        telephone: data.telephone,
        // Choosing one's own password ends the "created by someone else" state.
        ...(passwordHash ? { password_hash: passwordHash, must_change_password: 0 } : {}),
        updated_at: nowIso(),
      });
      if (passwordHash) {
        await trx.deleteFrom('auth_tokens').where('user_id', '=', userId).where('id', '!=', currentTokenId).execute();
      }
    });
  } catch (error) {
    rethrowUniqueViolation(error);
  }
  return getProfile(db, userId);
}
