import { randomInt } from 'node:crypto';
import type { DB } from '../../platform/database/database';
import { clock } from '../../platform/lib/clock';
import { hashPassword, verifyPassword } from '../../platform/lib/passwords';
import { consumeCode, countIssuedSince, countTry, insertCode, lockSubject, voidLiveCodes } from './data';

// One-time codes sent by SMS: 6 digits, stored hashed, valid 15 minutes, void after 5 tries, at most 3 per
// subject and purpose per hour, single use; a new code voids the previous live one.
//
// Checking a code does the same work whatever the outcome: one counting statement, then exactly one hash
// verification (against a throw-away hash when there is no live code), so the time of an answer does not
// tell an unknown subject, a subject without a code, a wrong code and a right one apart.

export const CODE_RULES = { digits: 6, lifetimeMinutes: 15, maxTries: 5, maxPerHour: 3 } as const;

export const CODE_PURPOSES = ['password_reset', 'login', 'volunteer_login', 'privacy_request', 'consent'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

/** What is shown instead of a code wherever someone other than its recipient could read it. */
export const CODE_MASK = '••••••';

const MINUTE = 60_000;

export interface IssueCodeOptions {
  purpose: CodePurpose;
  /** E.164 telephone (normalise it first) or another key of the purpose. */
  subject: string;
  userId?: number | null;
  /** The administrator or adviser who asked for it; null/absent when the person asked. */
  requestedBy?: number | null;
  passwordCost: number;
  /** Queues the message carrying the code, inside the code's transaction. */
  notify: (trx: DB, code: string) => Promise<void>;
}

export type IssueCodeResult = 'sent' | 'limited';

export async function issueCode(db: DB, options: IssueCodeOptions): Promise<IssueCodeResult> {
  const code = String(randomInt(0, 10 ** CODE_RULES.digits)).padStart(CODE_RULES.digits, '0');
  const codeHash = await hashPassword(code, options.passwordCost);
  const key = { purpose: options.purpose, subject: options.subject };
  return db.transaction().execute(async (trx) => {
    const now = clock.now();
    const nowIso = now.toISOString();
    await lockSubject(trx, key);
    const since = new Date(now.getTime() - 60 * MINUTE).toISOString();
    if ((await countIssuedSince(trx, key, since)) >= CODE_RULES.maxPerHour) return 'limited' as const;
    await voidLiveCodes(trx, { subject: key.subject, userId: options.userId ?? null, purpose: key.purpose }, nowIso);
    await insertCode(trx, {
      ...key,
      userId: options.userId ?? null,
      codeHash,
      requestedBy: options.requestedBy ?? null,
      expiresAt: new Date(now.getTime() + CODE_RULES.lifetimeMinutes * MINUTE).toISOString(),
      createdAt: nowIso,
    });
    await options.notify(trx, code);
    return 'sent' as const;
  });
}

// A hash of a throw-away code with the same cost as real ones, verified when there is no live code.
const dummyHashes = new Map<number, Promise<string>>();
function dummyHash(cost: number): Promise<string> {
  let hash = dummyHashes.get(cost);
  if (!hash) {
    hash = hashPassword(String(randomInt(0, 10 ** CODE_RULES.digits)).padStart(CODE_RULES.digits, '0'), cost);
    hash.catch(() => dummyHashes.delete(cost)); // refused by a full hashing queue: try again next time
    dummyHashes.set(cost, hash);
  }
  return hash;
}

/** Prepares the throw-away hash (at start) so that the first check is not slower than the others. */
export async function warmCodes(passwordCost: number): Promise<void> {
  await dummyHash(passwordCost);
}

/** `requestedBy`: the administrator or adviser who asked for the code, null when the person did. */
export type VerifyCodeResult = { ok: true; userId: number | null; id: number; requestedBy: number | null } | { ok: false };

/** Checks and consumes a code. Every try counts, before the check, right or wrong. */
export async function verifyCode(
  db: DB,
  options: { purpose: CodePurpose; subject: string; code: string; passwordCost: number },
): Promise<VerifyCodeResult> {
  const fallback = dummyHash(options.passwordCost);
  const now = clock.now().toISOString();
  const live = await countTry(db, { purpose: options.purpose, subject: options.subject }, now, CODE_RULES.maxTries);
  const code = String(options.code);
  const matches = await verifyPassword(code, live ? live.code_hash : await fallback);
  if (!live || !matches || !/^\d{6}$/.test(code)) return { ok: false };
  if (!(await consumeCode(db, live.id, clock.now().toISOString()))) return { ok: false };
  return { ok: true, userId: live.user_id, id: live.id, requestedBy: live.requested_by };
}

/** Voids every live code of a subject and/or an account (a password change, a reset, an account closed). */
export async function voidCodes(
  db: DB,
  filter: { subject?: string | null; userId?: number | null; purpose?: CodePurpose | null },
): Promise<number> {
  if (filter.subject == null && filter.userId == null) return 0;
  return voidLiveCodes(db, filter, clock.now().toISOString());
}
