import { randomInt } from 'node:crypto';
import { PASSWORD_RECOVERY_MESSAGES as M, RESET_CODE } from '@shared/schemas/password-recovery';
import { type DB, nowIso } from '../db/database';
import { fieldError, HttpError } from '../lib/http-errors';
import { hashPassword, verifyPassword } from '../lib/passwords';
import { notifyPerson } from './outbox';
import { telephoneSpellings, toE164 } from './phone';
import { resetCodeNotice } from './templates';

// Account recovery: a 6-digit code, stored as a password hash, valid 15 minutes, void after 5 wrong tries,
// at most 3 per account per hour; a new code voids the previous one; a reset revokes every token.

const MINUTE = 60_000;

export async function findAccountByTelephone(db: DB, telephone: string) {
  const spellings = telephoneSpellings(telephone);
  if (spellings.length === 0) return undefined;
  return db
    .selectFrom('users')
    .select(['id', 'telephone', 'email', 'is_confirmed'])
    .where('telephone', 'in', spellings)
    .orderBy('id')
    .executeTakeFirst();
}

// Hashing a throw-away code when no account matches keeps both answers equally slow.
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
  const code = String(randomInt(0, 10 ** RESET_CODE.digits)).padStart(RESET_CODE.digits, '0');
  const codeHash = await hashPassword(code, options.passwordCost);
  return db.transaction().execute(async (trx) => {
    const now = new Date();
    const hourAgo = new Date(now.getTime() - 60 * MINUTE).toISOString();
    // Serialise concurrent requests for one account (PostgreSQL row lock; SQLite has one writer anyway).
    await trx
      .updateTable('users')
      .set({ updated_at: (eb) => eb.ref('updated_at') })
      .where('id', '=', user.id)
      .execute();
    const recent = await trx
      .selectFrom('password_reset_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', user.id)
      .where('created_at', '>', hourAgo)
      .executeTakeFirstOrThrow();
    if (Number(recent.n) >= RESET_CODE.maxPerHour) return 'limited' as const;
    // Only the newest code is live.
    await trx
      .updateTable('password_reset_codes')
      .set({ used_at: now.toISOString() })
      .where('user_id', '=', user.id)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('password_reset_codes')
      .values({
        user_id: user.id,
        code_hash: codeHash,
        attempts: 0,
        requested_by: options.requestedBy ?? null,
        expires_at: new Date(now.getTime() + RESET_CODE.lifetimeMinutes * MINUTE).toISOString(),
        used_at: null,
        created_at: now.toISOString(),
      })
      .execute();
    await notifyPerson(trx, { telephone: toE164(user.telephone), email: user.email?.trim() || null }, resetCodeNotice(code));
    await options.onIssued?.(trx);
    return 'sent' as const;
  });
}

/** POST /api/password/forgot: the same answer whatever happens. */
export async function requestResetCode(db: DB, telephone: string, passwordCost: number): Promise<{ message: string }> {
  const user = await findAccountByTelephone(db, telephone);
  if (user && user.is_confirmed === 1) await issueResetCode(db, user, { passwordCost });
  else await verifyPassword('000000', await dummyHash(passwordCost));
  return { message: M.codeSent };
}

const invalidCode = () => fieldError('code', M.codeInvalid, M.codeInvalid);

/** POST /api/password/reset. */
export async function resetPassword(
  db: DB,
  input: { telephone: string; code: string; password: string },
  passwordCost: number,
): Promise<{ message: string }> {
  const user = await findAccountByTelephone(db, input.telephone);
  if (!user) {
    await verifyPassword(input.code, await dummyHash(passwordCost));
    throw invalidCode();
  }
  const now = nowIso();
  const live = await db
    .selectFrom('password_reset_codes')
    .select(['id', 'code_hash', 'attempts'])
    .where('user_id', '=', user.id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', RESET_CODE.maxTries)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!live) throw invalidCode();
  if (!(await verifyPassword(input.code, live.code_hash))) {
    await db
      .updateTable('password_reset_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', live.id)
      .execute();
    throw invalidCode();
  }
  const passwordHash = await hashPassword(input.password, passwordCost);
  await db.transaction().execute(async (trx) => {
    // Guarded: two requests with the same code, only one changes the password.
    const claimed = await trx
      .updateTable('password_reset_codes')
      .set({ used_at: nowIso() })
      .where('id', '=', live.id)
      .where('used_at', 'is', null)
      .where('attempts', '<', RESET_CODE.maxTries)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw invalidCode();
    await trx.updateTable('users').set({ password_hash: passwordHash, updated_at: nowIso() }).where('id', '=', user.id).execute();
    await trx.deleteFrom('auth_tokens').where('user_id', '=', user.id).execute();
  });
  return { message: M.resetDone };
}

export const tooManyCodes = () => new HttpError(429, M.tooManyCodes);
