import type { DB } from '../../db/database';

// GET /api/admin/audit: the trail, newest first, filtered by actor, entity and action.

export interface AuditFilter {
  actor?: number;
  entity?: string;
  action?: string;
}

export function auditQuery(db: DB, filter: AuditFilter) {
  let q = db.selectFrom('audit_log').leftJoin('users', 'users.id', 'audit_log.actor_user_id');
  if (filter.actor !== undefined) q = q.where('audit_log.actor_user_id', '=', filter.actor);
  if (filter.entity) q = q.where('audit_log.entity', '=', filter.entity);
  if (filter.action) q = q.where('audit_log.action', '=', filter.action);
  return q.select([
    'audit_log.id as id',
    'audit_log.actor_user_id as actor_user_id',
    'users.name as actor_name',
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

const parse = (text: string | null): unknown => {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

type Row = Awaited<ReturnType<ReturnType<typeof auditQuery>['execute']>>[number];

export const toAuditEntry = (r: Row) => ({
  id: r.id,
  actor_user_id: r.actor_user_id,
  actor_name: r.actor_name ?? null,
  action: r.action,
  entity: r.entity,
  entity_id: r.entity_id,
  ip: r.ip,
  before: parse(r.before_state),
  after: parse(r.after_state),
  details: parse(r.details),
  created_at: r.created_at,
});

export async function listAudit(db: DB, filter: AuditFilter, page: { page: number; per_page: number }) {
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
  return { items: rows.map(toAuditEntry), total: Number(count.n) };
}
