import type { DB } from '../../db/database';
import { recordAudit } from '../audit/record-audit';

/** One line in audit_log for an account action (who did what to which user), through the one audit writer. */
export async function auditUserAction(db: DB, actorId: number, action: string, userId: number, details?: Record<string, unknown>) {
  await recordAudit(db, { actorId, action, entity: 'users', entityId: userId, details: details ?? null });
}
