import { generateToken, hashToken } from '../../platform/lib/tokens';
import { type Executor, findPledgeByToken, insertToken, type PledgeRow } from './data';

// The donor's links (/engagement/{token}): 256 random bits, only the hash stored. Every message that carries a
// link carries a fresh one, valid TOKEN_DAYS days, so a link from an old SMS stops working while the latest works.

export const TOKEN_DAYS = 120;

export async function newPledgeToken(db: Executor, pledgeId: number, now: Date): Promise<string> {
  const token = generateToken();
  const expires = new Date(now.getTime() + TOKEN_DAYS * 86_400_000).toISOString();
  await insertToken(db, pledgeId, hashToken(token), expires, now.toISOString());
  return token;
}

/** The pledge of a live token, or undefined for a wrong or expired one. */
export function pledgeOfToken(db: Executor, token: string, now: Date): Promise<PledgeRow | undefined> {
  if (!/^[\w-]{20,100}$/.test(token)) return Promise.resolve(undefined);
  return findPledgeByToken(db, hashToken(token), now.toISOString());
}

export const manageUrl = (publicUrl: string, token: string) => `${publicUrl}/engagement/${token}`;
export const payUrl = (publicUrl: string, token: string) => `${publicUrl}/engagement/${token}/payer`;
