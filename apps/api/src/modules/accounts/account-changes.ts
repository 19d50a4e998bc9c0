import { POLICY_MESSAGES, type AccountChange } from '@shared/schemas/account-changes';
import { type DB, nowIso } from '../../platform/database/database';
import { conflict, notFound } from '../../platform/lib/http-errors';
import { type AuditActor, recordAudit } from '../audit';
import { assertNotProposer, assertOwnSession } from '../policy';
import { shownChanges } from './account-change-proposals';
import { decideAccountChange, findAccountChange, listAccountChanges } from './data';
import { applyUserChanges } from './users';
import { insertRegisteredUser, rethrowUniqueViolation } from './registration';

// Administrators are changed by two (CONTRACT « Who may act on whom », docs/decisions/policy.md): a change the policy
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
