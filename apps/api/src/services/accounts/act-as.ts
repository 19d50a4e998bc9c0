import { isAdviserRole } from '@shared/constants';
import { ACT_AS_MESSAGES, ACT_AS_TOKEN_LIFETIME_MS, AUTH_MESSAGES } from '@shared/schemas/auth';
import type { DB } from '../../db/database';
import { forbidden, notFound, unprocessable } from '../../lib/http-errors';
import { recordAudit } from '../audit/record-audit';
import { issueToken, sessionUser } from './sessions';
import { USER_MESSAGES } from './users';

interface Actor {
  id: number;
  role: string;
  name: string;
}

/**
 * An adviser acts for a user they created, without knowing that user's password (CONTRACT.md "Every
 * account has a home"); an administrator may act for any account but another administrator's. The token
 * is valid 2 hours, and the audit trail records both identities, in the same transaction.
 */
export async function actAs(db: DB, actor: Actor, userId: number, ip: string) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'name', 'role', 'first_login', 'must_change_password', 'is_confirmed', 'created_by'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw notFound(USER_MESSAGES.userNotFound);
  const isAdmin = actor.role === 'administrateur';
  if (isAdmin ? user.role === 'administrateur' : !isAdviserRole(actor.role) || user.created_by !== actor.id) {
    throw forbidden(ACT_AS_MESSAGES.notCreator);
  }
  if (!user.is_confirmed) throw unprocessable({ user: [AUTH_MESSAGES.accountNotConfirmed] }, AUTH_MESSAGES.accountNotConfirmed);
  return db.transaction().execute(async (trx) => {
    const token = await issueToken(trx, user.id, ACT_AS_TOKEN_LIFETIME_MS);
    await recordAudit(trx, {
      actorId: actor.id,
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

/** The adviser (or administrator) who created the account, for its adviser-contact page; null when none. */
export async function findCreator(db: DB, userId: number) {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('users as c', 'c.id', 'u.created_by')
    .select(['c.name', 'c.telephone', 'c.role'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  return row ?? null;
}
