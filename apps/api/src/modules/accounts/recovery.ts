import { PASSWORD_RECOVERY_MESSAGES as M } from '@shared/schemas/password-recovery';
import { type DB, nowIso } from '../../platform/database/database';
import { fieldError, HttpError } from '../../platform/lib/http-errors';
import { hashPassword, verifyPassword } from '../../platform/lib/passwords';
import { telephoneSpellings, toE164 } from '../../platform/lib/phone';
import { recordAudit } from '../audit';
import { CODE_MASK, issueCode, verifyCode, voidCodes } from '../codes';
import { notifyPerson, resetCodeNotice } from '../messages';
import { deleteUserTokens, findAccountByTelephoneSpellings, updateUser } from './data';

// Account recovery with the codes module's one-time codes (purpose 'password_reset'): 6 digits stored hashed,
// valid 15 minutes, 5 tries counted atomically before the check, at most 3 an hour; a new code voids the previous
// one; a reset revokes every token and voids every live code of the account (docs/product/accounts.md).
// The code travels masked in the outbox (CODE_MASK, the real digits only in the row's `secret` until sent).

/** The key of an account's codes: its telephone in E.164, whatever spelling was typed or stored. */
export const codeSubject = (telephone: string) => toE164(telephone) ?? telephone.trim();

export async function findAccountByTelephone(db: DB, telephone: string) {
  const spellings = telephoneSpellings(telephone);
  if (spellings.length === 0) return undefined;
  return findAccountByTelephoneSpellings(db, spellings);
}

// A throw-away hash verified when no code is issued, so /password/forgot costs the same whoever asks.
const dummy = new Map<number, Promise<string>>();
const dummyHash = (cost: number) => {
  let hash = dummy.get(cost);
  if (!hash) {
    hash = hashPassword('000000', cost);
    hash.catch(() => dummy.delete(cost)); // refused by a full hashing queue: try again next time
    dummy.set(cost, hash);
  }
  return hash;
};

export type IssueResult = 'sent' | 'limited';

/** Creates and queues a code for the account. `limited`: 3 codes already went out in the last hour. */
export async function issueResetCode(
  db: DB,
  user: { id: number; telephone: string; email: string | null },
  options: { passwordCost: number; requestedBy?: number | null; onIssued?: (trx: DB) => Promise<void> },
): Promise<IssueResult> {
  const to = { telephone: toE164(user.telephone) ?? user.telephone, email: user.email?.trim() || null };
  return issueCode(db, {
    purpose: 'password_reset',
    subject: codeSubject(user.telephone),
    userId: user.id,
    requestedBy: options.requestedBy ?? null,
    passwordCost: options.passwordCost,
    notify: async (trx, code) => {
      await notifyPerson(trx, to, { ...resetCodeNotice(CODE_MASK), secret: code, category: 'code' });
      await options.onIssued?.(trx);
    },
  });
}

/** POST /api/password/forgot: the same answer whatever happens. */
export async function requestResetCode(db: DB, telephone: string, passwordCost: number): Promise<{ message: string }> {
  const user = await findAccountByTelephone(db, telephone);
  if (user && user.is_confirmed === 1 && user.is_active === 1) await issueResetCode(db, user, { passwordCost });
  else await verifyPassword('000000', await dummyHash(passwordCost));
  return { message: M.codeSent };
}

const invalidCode = () => fieldError('code', M.codeInvalid, M.codeInvalid);

/**
 * POST /api/password/reset. Every branch does the same work until the code is right: one counting statement and
 * one hash verification (codes/service.ts verifyCode), whether the telephone has a live code, none, or no account.
 * A right code sets the password, ends the first-password step, revokes every token and voids every live code.
 */
export async function resetPassword(
  db: DB,
  input: { telephone: string; code: string; password: string },
  passwordCost: number,
  ip: string | null,
): Promise<{ message: string }> {
  const result = await verifyCode(db, { purpose: 'password_reset', subject: codeSubject(input.telephone), code: input.code, passwordCost });
  if (!result.ok || result.userId === null) throw invalidCode();
  const userId = result.userId;
  const passwordHash = await hashPassword(input.password, passwordCost);
  await db.transaction().execute(async (trx) => {
    if ((await updateUser(trx, userId, { password_hash: passwordHash, must_change_password: 0, updated_at: nowIso() })) !== 1) {
      throw invalidCode();
    }
    await deleteUserTokens(trx, userId);
    await voidCodes(trx, { userId, subject: codeSubject(input.telephone) });
    await recordAudit(trx, {
      actorId: userId,
      actingId: null,
      ip,
      action: 'user.password_reset',
      entity: 'users',
      entityId: userId,
      details: { code_id: result.id, code_requested_by: result.requestedBy },
    });
  });
  return { message: M.resetDone };
}

export const tooManyCodes = () => new HttpError(429, M.tooManyCodes);
