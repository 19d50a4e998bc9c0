import { PROFILE_MESSAGES, type ProfileUpdate } from '@shared/schemas/profile';
import { type DB, nowIso } from '../../platform/database/database';
import { deleteUserTokens, endCodeWindow, findPasswordState, findTakenIdentifiers, findUserById, updateUser } from './data';
import { fieldError, notFound, unprocessable } from '../../platform/lib/http-errors';
import { hashPassword, verifyPassword } from '../../platform/lib/passwords';
import { ACT_AS_MESSAGES } from '@shared/schemas/auth';
import { forbidden } from '../../platform/lib/http-errors';
import { clock } from '../../platform/lib/clock';
import { telephoneSpellings, toE164 } from '../../platform/lib/phone';
import { findPhoneRecordName } from './data/phone-records';
import { recordAudit } from '../audit';
import { voidCodes } from '../codes';
import { getMembership } from '../membership';

/** The profile fields whose changes the audit trail records with before and after. */
const PROFILE_FIELDS = ['name', 'email', 'telephone'] as const;
import { rethrowUniqueViolation, takenErrors } from './registration';
import { notifyIdentifiersChanged } from './account-notices';

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

/** How long after an SMS code its token may choose a password without the old one (the code's own lifetime). */
export const CODE_PASSWORD_WINDOW_MS = 15 * 60 * 1000;

/** A token obtained with an SMS code verified less than 15 minutes ago: the telephone is proved, no old password needed. */
export const isFreshCodeSession = (codeVerifiedAt: string | null | undefined, now = clock.now().getTime()) =>
  !!codeVerifiedAt && now - Date.parse(codeVerifiedAt) < CODE_PASSWORD_WINDOW_MS;

/** The end of the code window of a token (ISO), or null when it has none or it is over: the web asks the server (item « Phone-only people »). */
export const codeWindowUntil = (codeVerifiedAt: string | null | undefined): string | null =>
  codeVerifiedAt && isFreshCodeSession(codeVerifiedAt)
    ? new Date(Date.parse(codeVerifiedAt) + CODE_PASSWORD_WINDOW_MS).toISOString()
    : null;

export async function getProfile(db: DB, userId: number, codeVerifiedAt: string | null = null) {
  const user = await findUserById(db, userId);
  if (!user) throw notFound();
  const flags = await findPasswordState(db, userId);
  return {
    ...toProfile(user, flags?.must_change_password === 1),
    membership: await getMembership(db, userId),
    code_window_until: codeWindowUntil(codeVerifiedAt),
  };
}

/**
 * Changing the password, the telephone or the e-mail needs the current password (issue 15): a stolen
 * token alone must not be enough to take the account. The name alone can change without it.
 */
async function checkCurrentPassword(db: DB, userId: number, data: ProfileUpdate, codeVerifiedAt: string | null): Promise<void> {
  const stored = await findPasswordState(db, userId);
  if (!stored) throw notFound();
  const emailChanges = data.email !== stored.email;
  const isSensitive = data.password !== undefined || emailChanges || data.telephone !== stored.telephone;
  if (!isSensitive) return;
  // Signed in by SMS code a moment ago: the telephone is proved, and the person may never have had a password
  // (created by an adviser, or at their first code). The password and the telephone may change this way (the
  // former number is told, below); the e-mail still needs the password. Checked on the server.
  if (!emailChanges && isFreshCodeSession(codeVerifiedAt)) return;
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
export async function updateProfile(
  db: DB,
  actor: { id: number; token_id: number; acting_user_id: number | null; ip: string | null; code_verified_at?: string | null },
  data: ProfileUpdate,
  options: { passwordCost: number; publicUrl: string },
) {
  const { passwordCost } = options;
  const userId = actor.id;
  const currentTokenId = actor.token_id;
  // Only the person chooses their password: not an adviser or administrator acting for them.
  if (data.password !== undefined && actor.acting_user_id !== null) throw forbidden(ACT_AS_MESSAGES.notWithActAs);
  await checkCurrentPassword(db, userId, data, actor.code_verified_at ?? null);
  const before = await findUserById(db, userId);
  if (!before) throw notFound();
  const taken = takenErrors(await findTakenIdentifiers(db, data, userId));
  if (taken) throw unprocessable(taken);
  // A new telephone is not proved by this request: one that already gave, pledged or registered would hand its
  // records (tickets, receipts, messages) to whoever typed it, at their next sign-in (docs/decisions/policy.md).
  const newTelephone =
    data.telephone !== undefined && (toE164(data.telephone) ?? data.telephone) !== (toE164(before.telephone) ?? before.telephone);
  if (newTelephone && (await findPhoneRecordName(db, telephoneSpellings(data.telephone!))) !== null) {
    throw unprocessable({ telephone: [PROFILE_MESSAGES.telephoneHasRecords] }, PROFILE_MESSAGES.telephoneHasRecords);
  }
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
        await deleteUserTokens(trx, userId, currentTokenId);
        // The window closes once the password is chosen: the next change asks for it.
        await endCodeWindow(trx, currentTokenId);
        // A password change voids every live code of the account (recovery, code sign-in).
        await voidCodes(trx, { userId, subject: toE164(before.telephone) ?? before.telephone });
      }
      const changed = PROFILE_FIELDS.filter((f) => data[f] !== before[f]);
      if (changed.length > 0 || passwordHash) {
        await recordAudit(trx, {
          actorId: userId,
          actingId: actor.acting_user_id,
          ip: actor.ip,
          action: passwordHash ? 'user.password_change' : 'user.profile_update',
          entity: 'users',
          entityId: userId,
          before: changed.length > 0 ? Object.fromEntries(changed.map((f) => [f, before[f]])) : undefined,
          after: changed.length > 0 ? Object.fromEntries(changed.map((f) => [f, data[f]])) : undefined,
          details: passwordHash ? { password_changed: true } : null,
        });
      }
      // docs/decisions/policy.md: the former telephone (and e-mail) hears of the change, in case it was not them.
      const telephoneChanged = data.telephone !== before.telephone;
      const emailChanged = data.email !== before.email;
      if (telephoneChanged || emailChanged) {
        await notifyIdentifiersChanged(trx, before, { telephone: telephoneChanged, email: emailChanged }, options.publicUrl);
      }
    });
  } catch (error) {
    rethrowUniqueViolation(error);
  }
  // Choosing the password closed the code window (endCodeWindow above).
  return getProfile(db, userId, passwordHash ? null : (actor.code_verified_at ?? null));
}
