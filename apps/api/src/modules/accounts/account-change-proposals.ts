import { POLICY_MESSAGES, type PendingChange } from '@shared/schemas/account-changes';
import { type DB, nowIso } from '../../platform/database/database';
import { conflict } from '../../platform/lib/http-errors';
import { type AuditActor, recordAudit } from '../audit';
import { countActiveAdministrators } from '../policy';
import { deleteTokensActingFor, hasPendingAccountChange, insertAccountChange, lockActiveAdministrators } from './data';
import type { ZoneColumns } from '../places';

// A change that the policy gives to two administrators (modules/policy) is recorded here; account-changes.ts applies
// it when another administrator approves.

/** What an administrator may change on an account (PATCH /api/users/{id}). */
export type AdminUserChanges = {
  name?: string;
  email?: string;
  telephone?: string;
  zone?: string | null;
  role?: string;
  is_active?: boolean;
};

/** A new account's columns, decided before it is inserted (kept as such in a proposal for a new administrator). */
export type NewAccountValues = {
  name: string;
  email: string;
  telephone: string;
  password_hash: string;
  role: string;
  is_confirmed: number;
} & ZoneColumns;

type Proposal = { kind: 'update'; userId: number; changes: AdminUserChanges } | { kind: 'create'; changes: NewAccountValues };

/**
 * Records a proposal, or returns null when the proposer is the only active administrator (the change then takes
 * effect at once and is audited by the caller). Every active administrator's row is locked while counting, so two
 * administrators demoting each other at once cannot both go alone.
 */
export async function proposeAccountChange(db: DB, actor: AuditActor, proposal: Proposal): Promise<PendingChange | null> {
  return db.transaction().execute(async (trx) => {
    await lockActiveAdministrators(trx);
    if ((await countActiveAdministrators(trx)) <= 1) return null;
    const userId = proposal.kind === 'update' ? proposal.userId : null;
    if (userId !== null && (await hasPendingAccountChange(trx, userId))) throw conflict(POLICY_MESSAGES.pendingAlready);
    const id = await insertAccountChange(trx, {
      user_id: userId,
      kind: proposal.kind,
      changes: JSON.stringify(proposal.changes),
      proposed_by: actor.id,
      proposed_at: nowIso(),
    });
    // No one acts for an account whose change waits (modules/policy): a token obtained before the proposal ends too.
    if (userId !== null) await deleteTokensActingFor(trx, userId);
    await recordAudit(trx, {
      actorId: actor.id,
      ip: actor.ip,
      actingId: actor.actingId,
      action: 'account_change.propose',
      entity: 'account_changes',
      entityId: id,
      details: { kind: proposal.kind, user_id: userId, changes: shownChanges(proposal.changes) },
    });
    return { change_id: id, status: 'en_attente' as const, message: POLICY_MESSAGES.proposed };
  });
}

/** What a list shows of a change: never the new account's password hash. */
export function shownChanges(changes: object) {
  const { password_hash: _hash, ...shown } = changes as Record<string, unknown>;
  return shown;
}
