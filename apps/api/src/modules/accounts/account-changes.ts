import { POLICY_MESSAGES, type AccountChange, type PendingChange } from '@shared/schemas/account-changes';
import { type DB, nowIso } from '../../platform/database/database';
import { conflict, notFound } from '../../platform/lib/http-errors';
import { type AuditActor, recordAudit } from '../audit';
import { assertNotProposer, assertOwnSession, countActiveAdministrators } from '../policy';
import { decideAccountChange, findAccountChange, hasPendingAccountChange, insertAccountChange, listAccountChanges } from './data';
import { lockActiveAdministrators } from './data';
import { type AdminUserChanges, applyUserChanges } from './users';
import { insertRegisteredUser, type NewAccountValues, rethrowUniqueViolation } from './registration';

// Administrators are changed by two (CONTRACT « Who may act on whom », docs/decisions/policy.md): a change the policy
// guards is proposed here and applied when another administrator approves it.

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
function shownChanges(changes: object) {
  const { password_hash: _hash, ...shown } = changes as Record<string, unknown>;
  return shown;
}

export async function pageOfAccountChanges(db: DB, status?: string): Promise<AccountChange[]> {
  const rows = await listAccountChanges(db, status);
  return rows.map((row) => ({
    ...row,
    kind: row.kind as AccountChange['kind'],
    status: row.status as AccountChange['status'],
    changes: shownChanges(JSON.parse(row.changes) as Record<string, unknown>),
  }));
}

async function decide(db: DB, actor: AuditActor, id: number, status: 'approuvee' | 'rejetee', apply: (trx: DB) => Promise<void>) {
  assertOwnSession(actor);
  const change = await findAccountChange(db, id);
  if (!change) throw notFound(POLICY_MESSAGES.notFound);
  assertNotProposer(change.proposed_by, actor);
  if (change.status !== 'en_attente') throw conflict(POLICY_MESSAGES.notPending);
  try {
    await db.transaction().execute(async (trx) => {
      if (!(await decideAccountChange(trx, id, status, actor.id, nowIso()))) throw conflict(POLICY_MESSAGES.notPending);
      await apply(trx);
      await recordAudit(trx, {
        actorId: actor.id,
        ip: actor.ip,
        actingId: actor.actingId,
        action: status === 'approuvee' ? 'account_change.approve' : 'account_change.reject',
        entity: 'account_changes',
        entityId: id,
        details: { kind: change.kind, user_id: change.user_id, proposed_by: change.proposed_by },
      });
    });
  } catch (error) {
    rethrowUniqueViolation(error);
  }
}

/** Another administrator approves: the change is applied now, in the same transaction as its decision. */
export async function approveAccountChange(db: DB, actor: AuditActor, id: number, options: { publicUrl: string }) {
  await decide(db, actor, id, 'approuvee', async (trx) => {
    const change = (await findAccountChange(trx, id))!;
    const changes = JSON.parse(change.changes);
    const details = { change_id: id, proposed_by: change.proposed_by };
    if (change.kind === 'update') await applyUserChanges(trx, actor, change.user_id!, changes, options, details);
    else await insertRegisteredUser(trx, { id: change.proposed_by }, changes, actor.ip, options, details);
  });
  return { message: POLICY_MESSAGES.approved };
}

export async function rejectAccountChange(db: DB, actor: AuditActor, id: number) {
  await decide(db, actor, id, 'rejetee', async () => {});
  return { message: POLICY_MESSAGES.rejected };
}

export { hasPendingAccountChange };
