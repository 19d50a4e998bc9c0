import { AUTH_MESSAGES } from '@shared/schemas/auth';
import { type DB, nowIso } from '../../platform/database/database';
import { unprocessable } from '../../platform/lib/http-errors';
import { recordAudit } from '../audit';
import {
  deleteActingTokens,
  deleteExpiredTokens,
  deleteToken,
  deleteUserTokens,
  findUserByTelephone,
  insertToken,
  replacePasswordHash,
} from './data';
import { hashPassword, needsRehash, verifyPassword } from '../../platform/lib/passwords';
import { telephoneSpellings } from '../../platform/lib/phone';
import { linkPhoneRecords } from './data/phone-records';
import { generateToken, hashToken, TOKEN_LIFETIME_MS } from '../../platform/lib/tokens';

/** Issues a new bearer token for the user; only its hash is stored. `lifetimeMs`: short unless remembered, 2 h for act-as. */
export async function issueToken(
  db: DB,
  userId: number,
  lifetimeMs: number = TOKEN_LIFETIME_MS.session,
  actingUserId: number | null = null,
  codeVerifiedAt: string | null = null,
): Promise<string> {
  const token = generateToken();
  const now = new Date();
  await insertToken(db, {
    user_id: userId,
    acting_user_id: actingUserId,
    code_verified_at: codeVerifiedAt,
    token_hash: hashToken(token),
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + lifetimeMs).toISOString(),
  });
  return token;
}

export async function revokeToken(db: DB, tokenId: number): Promise<void> {
  await deleteToken(db, tokenId);
}

/** Revokes every act-as token the adviser or administrator holds. */
export async function revokeActingTokens(db: DB, actingUserId: number): Promise<void> {
  await deleteActingTokens(db, actingUserId);
}

/**
 * Signs a deactivated account out everywhere: its own tokens and the act-as tokens it holds for others stop
 * working now.
 */
export async function revokeUserSessions(db: DB, userId: number): Promise<void> {
  await deleteUserTokens(db, userId);
  await revokeActingTokens(db, userId);
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

export async function login(
  db: DB,
  telephone: string,
  password: string,
  passwordCost: number,
  remember = false,
  ip: string | null = null,
  membershipMonths: number | null = null,
) {
  const user = await findUserByTelephone(db, telephone.trim());
  const isValid = await verifyPassword(password, user?.password_hash ?? (await dummyHash(passwordCost)));
  // Administrators' logins and failed logins are in the audit trail (docs/product/accounts.md).
  const isAdmin = user?.role === 'administrateur';
  if (user && isAdmin && !isValid) {
    await recordAudit(db, { actorId: null, ip, actingId: null, action: 'user.login_failed', entity: 'users', entityId: user.id });
  }
  if (!user || !isValid) {
    throw unprocessable({ telephone: [AUTH_MESSAGES.invalidCredentials] }, AUTH_MESSAGES.invalidCredentials);
  }
  if (!user.is_confirmed) {
    throw unprocessable({ telephone: [AUTH_MESSAGES.accountNotConfirmed] }, AUTH_MESSAGES.accountNotConfirmed);
  }
  if (user.is_active !== 1) {
    throw unprocessable({ telephone: [AUTH_MESSAGES.accountDeactivated] }, AUTH_MESSAGES.accountDeactivated);
  }
  // A hash from before (scrypt, or an older cost) is replaced now that the password is known to be right.
  if (needsRehash(user.password_hash, passwordCost)) {
    const rehashed = await hashPassword(password, passwordCost);
    await replacePasswordHash(db, user.id, user.password_hash, rehashed);
  }
  // What was given, pledged or registered with the account's telephone since the last sign-in shows in « Mon espace »
  // (a code sign-in does the same, code-login.ts): a few indexed updates that touch only rows not linked yet.
  if (membershipMonths !== null) await linkPhoneRecords(db, user.id, telephoneSpellings(user.telephone), membershipMonths);
  // Expired tokens are pruned at login: cheap, and keeps the table small without a scheduler.
  await deleteExpiredTokens(db, user.id, nowIso());
  const token = await issueToken(db, user.id, remember ? TOKEN_LIFETIME_MS.remembered : TOKEN_LIFETIME_MS.session);
  if (isAdmin) await recordAudit(db, { actorId: user.id, ip, actingId: null, action: 'user.login', entity: 'users', entityId: user.id });
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
