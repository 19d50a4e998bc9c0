import { randomBytes } from 'node:crypto';
import { type DB, nowIso } from '../../platform/database/database';
import { hashPassword } from '../../platform/lib/passwords';
import { notifyNewAdministrator } from './account-notices';
import { findUserById, updateUser } from './data';
import { revokeUserSessions } from './sessions';

// An account that becomes an administrator keeps no password the one who made it may know (they chose it at
// creation, or set it while it was a member): otherwise its maker signs in as the new administrator and approves
// their own expenses and proposals through it (docs/decisions/policy.md). This holds whether a second administrator
// approved the change or a sole administrator made it at once.

/** A hash no one knows the password of; computed before a transaction (a hash holds SQLite's write lock). */
export function voidedPasswordHash(passwordCost: number): Promise<string> {
  return hashPassword(randomBytes(32).toString('base64url'), passwordCost);
}

/** Voids the account's password, ends its sessions and tells the person to choose one by a code to their telephone. */
export async function handOverToNewAdministrator(trx: DB, userId: number, voidedHash: string, publicUrl: string): Promise<void> {
  await updateUser(trx, userId, { password_hash: voidedHash, must_change_password: 1, updated_at: nowIso() });
  await revokeUserSessions(trx, userId);
  const person = await findUserById(trx, userId);
  if (person) await notifyNewAdministrator(trx, person, publicUrl);
}
