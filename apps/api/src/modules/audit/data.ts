import type { Insertable } from 'kysely';
import type { DB } from '../../platform/database/database';
import type { AuditLogTable } from '../../platform/database/schema';

// The audit area's queries (audit_log).

export interface AuditFilter {
  actor?: number;
  entity?: string;
  action?: string;
}

export async function insertAuditEntry(db: DB, values: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto('audit_log').values(values).execute();
}

/** The trail filtered by actor, entity and action, with the actor's name. */
export function auditQuery(db: DB, filter: AuditFilter) {
  let q = db
    .selectFrom('audit_log')
    .leftJoin('users', 'users.id', 'audit_log.actor_user_id')
    .leftJoin('users as acting', 'acting.id', 'audit_log.acting_user_id');
  if (filter.actor !== undefined) q = q.where('audit_log.actor_user_id', '=', filter.actor);
  if (filter.entity) q = q.where('audit_log.entity', '=', filter.entity);
  if (filter.action) q = q.where('audit_log.action', '=', filter.action);
  return q.select([
    'audit_log.id as id',
    'audit_log.actor_user_id as actor_user_id',
    'users.name as actor_name',
    'audit_log.acting_user_id as acting_user_id',
    'acting.name as acting_name',
    'audit_log.action as action',
    'audit_log.entity as entity',
    'audit_log.entity_id as entity_id',
    'audit_log.ip as ip',
    'audit_log.before_state as before_state',
    'audit_log.after_state as after_state',
    'audit_log.details as details',
    'audit_log.created_at as created_at',
  ]);
}

export async function pageOfAudit(db: DB, filter: AuditFilter, page: { page: number; per_page: number }) {
  const base = auditQuery(db, filter);
  const [rows, count] = await Promise.all([
    base
      .orderBy('audit_log.id', 'desc')
      .limit(page.per_page)
      .offset((page.page - 1) * page.per_page)
      .execute(),
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
