import { isAdviserRole, ORGANISATION } from '@shared/constants';
import { ACT_AS_MESSAGES, ACT_AS_TOKEN_LIFETIME_MS, AUTH_MESSAGES } from '@shared/schemas/auth';
import type { DB } from '../../platform/database/database';
import { forbidden, notFound, unprocessable } from '../../platform/lib/http-errors';
import { recordAudit } from '../audit';
import { assertCanActAs } from '../policy';
import { hasPendingAccountChange } from './data';
import { findCreatorOf, findUserForActAs } from './data';
import { issueToken, sessionUser } from './sessions';
import { USER_MESSAGES } from './users';

interface Actor {
  id: number;
  role: string;
  name: string;
}

/**
 * An adviser acts for a user they created, without knowing that user's password (docs/product/accounts.md "Every
 * account has a home"); an administrator may act for any account but another administrator's. The token
 * is valid 2 hours, and the audit trail records both identities, in the same transaction.
 */
export async function actAs(db: DB, actor: Actor, userId: number, ip: string) {
  const user = await findUserForActAs(db, userId);
  if (!user) throw notFound(USER_MESSAGES.userNotFound);
  // Who may act for whom is the policy's (modules/policy): never for an administrator, nor for an account whose
  // administrator change waits (demote, act as, promote again would keep the token).
  if (!isAdviserRole(actor.role) && actor.role !== 'administrateur') throw forbidden(ACT_AS_MESSAGES.notCreator);
  if (actor.role !== 'administrateur' && user.created_by !== actor.id) throw forbidden(ACT_AS_MESSAGES.notCreator);
  assertCanActAs(actor, user, await hasPendingAccountChange(db, user.id));
  if (!user.is_confirmed) throw unprocessable({ user: [AUTH_MESSAGES.accountNotConfirmed] }, AUTH_MESSAGES.accountNotConfirmed);
  if (user.is_active !== 1) throw unprocessable({ user: [AUTH_MESSAGES.accountDeactivated] }, AUTH_MESSAGES.accountDeactivated);
  return db.transaction().execute(async (trx) => {
    const token = await issueToken(trx, user.id, ACT_AS_TOKEN_LIFETIME_MS, actor.id);
    await recordAudit(trx, {
      actorId: actor.id,
      actingId: null /* an act-as token cannot act as (ownSessionOnly) */,
      action: 'user.act_as',
      entity: 'users',
      entityId: user.id,
      ip,
      details: {
        actor: { id: actor.id, role: actor.role, name: actor.name },
        acting_for: { id: user.id, role: user.role, name: user.name },
        valid_hours: ACT_AS_TOKEN_LIFETIME_MS / 3_600_000,
      },
    });
    return { token, user: sessionUser(user) };
  });
}

/**
 * GET /api/profile/adviser: the person's adviser — the adviser who created the account — or else the association's
 * public contact (ORG_NAME / ORG_TELEPHONE, or the site's own contact). Never an administrator: their telephone is
 * their login (docs/product/accounts.md).
 */
export async function findAdviserContact(db: DB, userId: number, organisation: { name?: string; telephone?: string }) {
  const creator = await findCreatorOf(db, userId);
  if (creator && isAdviserRole(creator.role)) return { name: creator.name, telephone: creator.telephone, role: creator.role };
  return {
    name: organisation.name?.trim() || ORGANISATION.name,
    telephone: organisation.telephone?.trim() || ORGANISATION.phone,
    role: 'association',
  };
}
