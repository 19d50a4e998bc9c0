import { AUTH_MESSAGES } from '@shared/schemas/auth';
import { type DB, nowIso } from '../../db/database';
import { unprocessable } from '../../lib/http-errors';
import { findUserByTelephone } from '../../db/repositories/users';
import { hashPassword, needsRehash, verifyPassword } from '../../lib/passwords';
import { generateToken, hashToken, TOKEN_LIFETIME_MS } from '../../lib/tokens';

/** Issues a new bearer token for the user; only its hash is stored. `lifetimeMs`: short unless remembered, 2 h for act-as. */
export async function issueToken(db: DB, userId: number, lifetimeMs: number = TOKEN_LIFETIME_MS.session): Promise<string> {
  const token = generateToken();
  const now = new Date();
  await db
    .insertInto('auth_tokens')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + lifetimeMs).toISOString(),
    })
    .execute();
  return token;
}

export async function revokeToken(db: DB, tokenId: number): Promise<void> {
  await db.deleteFrom('auth_tokens').where('id', '=', tokenId).execute();
}

// A hash to verify against when the telephone is unknown, so both paths cost one Argon2id of the same cost.
const dummyHashes = new Map<number, Promise<string>>();
function dummyHash(passwordCost: number): Promise<string> {
  let hash = dummyHashes.get(passwordCost);
  if (!hash) {
    hash = hashPassword('dummy-password-for-timing', passwordCost);
    // A refusal (hashing queue full) must not be remembered: the next unknown telephone computes it again.
    hash.catch(() => dummyHashes.delete(passwordCost));
    dummyHashes.set(passwordCost, hash);
  }
  return hash;
}

export async function login(db: DB, telephone: string, password: string, passwordCost: number, remember = false) {
  const user = await findUserByTelephone(db, telephone.trim());
  const isValid = await verifyPassword(password, user?.password_hash ?? (await dummyHash(passwordCost)));
  if (!user || !isValid) {
    throw unprocessable({ telephone: [AUTH_MESSAGES.invalidCredentials] }, AUTH_MESSAGES.invalidCredentials);
  }
  if (!user.is_confirmed) {
    throw unprocessable({ telephone: [AUTH_MESSAGES.accountNotConfirmed] }, AUTH_MESSAGES.accountNotConfirmed);
  }
  // A hash from before (scrypt, or an older cost) is replaced now that the password is known to be right.
  if (needsRehash(user.password_hash, passwordCost)) {
    const rehashed = await hashPassword(password, passwordCost);
    await db
      .updateTable('users')
      .set({ password_hash: rehashed })
      .where('id', '=', user.id)
      .where('password_hash', '=', user.password_hash)
      .execute();
  }
  // Expired tokens are pruned at login: cheap, and keeps the table small without a scheduler.
  await db.deleteFrom('auth_tokens').where('user_id', '=', user.id).where('expires_at', '<', nowIso()).execute();
  const token = await issueToken(db, user.id, remember ? TOKEN_LIFETIME_MS.remembered : TOKEN_LIFETIME_MS.session);
  return { token, user: sessionUser(user) };
}

/** The `user` of a login or act-as answer. */
export function sessionUser(user: { id: number; role: string; first_login: number; name: string; must_change_password: number }) {
  return {
    id: user.id,
    role: user.role,
    first_login: user.first_login === 1,
    name: user.name,
    must_change_password: user.must_change_password === 1,
  };
}
