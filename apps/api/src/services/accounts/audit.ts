import type { DB } from '../../db/database';

/** One line in audit_log for an account action (who did what to which user). */
export async function auditUserAction(db: DB, actorId: number, action: string, userId: number, details?: Record<string, unknown>) {
  await db
    .insertInto('audit_log')
    .values({
      actor_user_id: actorId,
      action,
      entity: 'users',
      entity_id: String(userId),
      details: details ? JSON.stringify(details) : null,
      created_at: new Date().toISOString(),
    })
    .execute();
}
