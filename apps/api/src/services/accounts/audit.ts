import type { DB } from '../../db/database';
import { type AuditActor, recordAudit } from '../audit/record-audit';

/** One line in audit_log for an account action (who did what to which user), through the one audit writer. */
export async function auditUserAction(db: DB, actor: AuditActor, action: string, userId: number, details?: Record<string, unknown>) {
  await recordAudit(db, { actorId: actor.id, ip: actor.ip, action, entity: 'users', entityId: userId, details: details ?? null });
}
