import type { ProfileUpdate } from '@shared/schemas/profile';
import { type DB, nowIso } from '../../db/database';
import { findTakenIdentifiers, findUserById, updateUser } from '../../db/repositories/users';
import { notFound, unprocessable } from '../../lib/http-errors';
import { hashPassword } from '../../lib/passwords';
import { getMembership } from '../membership/memberships';
import { rethrowUniqueViolation, takenErrors } from './registration';

const toProfile = (u: { id: number; name: string; email: string; telephone: string; role: string; zone: string | null }) => ({
  id: u.id,
  name: u.name,
  email: u.email,
  telephone: u.telephone,
  role: u.role,
  zone: u.zone,
});

export async function getProfile(db: DB, userId: number) {
  const user = await findUserById(db, userId);
  if (!user) throw notFound();
  return { ...toProfile(user), membership: await getMembership(db, userId) };
}

/**
 * Updates the caller's own name, e-mail, telephone and (when given) password. A password change
 * signs out every other session of the account; the current one stays.
 */
export async function updateProfile(db: DB, userId: number, currentTokenId: number, data: ProfileUpdate, passwordCost: number) {
  const taken = takenErrors(await findTakenIdentifiers(db, data, userId));
  if (taken) throw unprocessable(taken);
  const passwordHash = data.password ? await hashPassword(data.password, passwordCost) : undefined;
  try {
    await db.transaction().execute(async (trx) => {
      await updateUser(trx, userId, {
        name: data.name,
        email: data.email,
        telephone: data.telephone,
        ...(passwordHash ? { password_hash: passwordHash } : {}),
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
