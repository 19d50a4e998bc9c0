import type { Insertable } from 'kysely';
import type { DB } from '../../platform/database/database';
import { countMatches } from '../../platform/database/bounded-search';
import { keptCount } from '../../platform/database/kept-counts';
import { type ListTotal, newestFirstSeek, type SeekPageQuery } from '../../platform/lib/pagination';
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

/** Whether this administrator (directly or acting for someone) changed this account's telephone or e-mail since `since`. */
export async function identityChangedBy(db: DB, userId: number, actorId: number, since: string): Promise<boolean> {
  const row = await db
    .selectFrom('audit_log')
    .select('id')
    .where('entity', '=', 'users')
    .where('entity_id', '=', String(userId))
    .where((eb) => eb.or([eb('actor_user_id', '=', actorId), eb('acting_user_id', '=', actorId)]))
    .where('created_at', '>=', since)
    .where((eb) => eb.or([eb('after_state', 'like', '%"telephone":%'), eb('after_state', 'like', '%"email":%')]))
    .executeTakeFirst();
  return row !== undefined;
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

/**
 * The trail's size for these filters: one filter (or none) is counted by the triggers (migration 20261127_0400);
 * a combination of filters counts its rows through the filter's index.
 */
function auditTotal(db: DB, filter: AuditFilter): Promise<ListTotal> {
  const keys = [
    filter.actor !== undefined && `audit_log:actor:${filter.actor}`,
    filter.entity && `audit_log:entity:${filter.entity}`,
    filter.action && `audit_log:action:${filter.action}`,
  ].filter((k): k is string => Boolean(k));
  if (keys.length === 0) return keptCount(db, ['audit_log']);
  if (keys.length === 1) return keptCount(db, keys);
  return countMatches(db, auditQuery(db, filter));
}

/** One page of the trail, newest first (by seek: platform/lib/pagination.ts), its total and the next page's cursor. */
export async function pageOfAudit(db: DB, filter: AuditFilter, page: SeekPageQuery) {
  const total = await auditTotal(db, filter);
  const { rows, next } = await newestFirstSeek(auditQuery(db, filter), page, total, {
    created_at: 'audit_log.created_at',
    id: 'audit_log.id',
  });
  return { rows, total, next };
}
