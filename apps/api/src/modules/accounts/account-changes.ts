import { POLICY_MESSAGES, type AccountChange } from '@shared/schemas/account-changes';
import { type DB, nowIso } from '../../platform/database/database';
import { conflict, notFound } from '../../platform/lib/http-errors';
import { type AuditActor, recordAudit } from '../audit';
import { assertNotProposer, assertOwnSession } from '../policy';
import { shownChanges } from './account-change-proposals';
import { decideAccountChange, findAccountChange, findUserById, listAccountChanges } from './data';
import { handOverToNewAdministrator, voidedPasswordHash } from './new-administrator';
import { applyUserChanges } from './users';
import { insertRegisteredUser, rethrowUniqueViolation } from './registration';

// Administrators are changed by two (docs/decisions/policy.md, docs/decisions/policy.md): a change the policy
// guards is proposed (account-change-proposals.ts) and applied here when another administrator approves it.

export async function pageOfAccountChanges(db: DB, status?: string): Promise<AccountChange[]> {
  const rows = await listAccountChanges(db, status);
  return rows.map((row) => ({
    ...row,
    kind: row.kind as AccountChange['kind'],
    status: row.status as AccountChange['status'],
    changes: shownChanges(JSON.parse(row.changes) as Record<string, unknown>),
  }));
}

async function decide(db: DB, actor: AuditActor, id: number, status: 'approuvee' | 'rejetee', apply: (trx: DB) => Promise<number | null>) {
  assertOwnSession(actor);
  const change = await findAccountChange(db, id);
  if (!change) throw notFound(POLICY_MESSAGES.notFound);
  assertNotProposer(change.proposed_by, actor);
  if (change.status !== 'en_attente') throw conflict(POLICY_MESSAGES.notPending);
  // A proposal lapses with its proposer's powers: approved alone, it would be one administrator's act.
  const proposer = await findUserById(db, change.proposed_by);
  if (status === 'approuvee' && (proposer?.role !== 'administrateur' || proposer.is_active !== 1)) {
    throw conflict(POLICY_MESSAGES.proposerGone);
  }
  try {
    await db.transaction().execute(async (trx) => {
      if (!(await decideAccountChange(trx, id, status, actor.id, nowIso()))) throw conflict(POLICY_MESSAGES.notPending);
      // The account's id: a new administrator's is known only once the approval has created it.
      const userId = await apply(trx);
      await recordAudit(trx, {
        actorId: actor.id,
        ip: actor.ip,
        actingId: actor.actingId,
        action: status === 'approuvee' ? 'account_change.approve' : 'account_change.reject',
        entity: 'account_changes',
        entityId: id,
        details: { kind: change.kind, user_id: userId, proposed_by: change.proposed_by },
      });
    });
  } catch (error) {
    rethrowUniqueViolation(error);
  }
}

/**
 * Another administrator approves: the change is applied now, in the same transaction as its decision. An account
 * that becomes an administrator this way keeps no password the proposer may know (they chose it at creation, or set
 * it while it was a member): it is voided, its sessions end, and the person chooses one by a code sent to their own
 * telephone (« Mot de passe oublié »). Otherwise the proposer could sign in as the new administrator and approve
 * their own proposals.
 */
export async function approveAccountChange(db: DB, actor: AuditActor, id: number, options: { publicUrl: string; passwordCost: number }) {
  // Hashed before the transaction (a hash holds SQLite's write lock for its whole duration), and only when needed.
  const pending = await findAccountChange(db, id);
  const promotes = pending?.kind === 'create' || JSON.parse(pending?.changes ?? '{}').role === 'administrateur';
  const voided = promotes ? await voidedPasswordHash(options.passwordCost) : '';
  await decide(db, actor, id, 'approuvee', async (trx) => {
    const change = (await findAccountChange(trx, id))!;
    const changes = JSON.parse(change.changes);
    const details = { change_id: id, proposed_by: change.proposed_by };
    let userId = change.user_id!;
    if (change.kind === 'update') await applyUserChanges(trx, actor, userId, changes, options, details);
    else userId = await insertRegisteredUser(trx, { id: change.proposed_by }, changes, actor.ip, options, details);
    if (voided && (change.kind === 'create' || changes.role === 'administrateur')) {
      await handOverToNewAdministrator(trx, userId, voided, options.publicUrl);
    }
    return userId;
  });
  return { message: POLICY_MESSAGES.approved };
}

export async function rejectAccountChange(db: DB, actor: AuditActor, id: number) {
  await decide(db, actor, id, 'rejetee', async () => null);
  return { message: POLICY_MESSAGES.rejected };
}
