import { AsyncLocalStorage } from 'node:async_hooks';
import { type DB, nowIso } from '../../platform/database/database';
import { type AuditFilter, type auditQuery, insertAuditEntry, pageOfAudit } from './data';

// The audit trail: who did what to which record, from which address, before and after. recordAudit is the one
// way every area writes it; call it with the transaction that makes the change, so a failed change leaves no entry.

/** Who makes a change: the account, and the client address of its request (routes: `actorOf(request)`, accounts/auth-plugin.ts). */
export interface AuditActor {
  id: number;
  ip: string | null;
}

export interface AuditEntry {
  actorId: number | null;
  /** dotted verb, e.g. 'user.confirm', 'donation.delete', 'offline_payment.create' */
  action: string;
  /** table-like name of the record: 'users', 'donation', 'payment', 'newsletter'… */
  entity: string;
  entityId: string | number;
  /** The client address of the request that made the change (`request.ip`); null outside a request (background jobs). */
  ip: string | null;
  before?: unknown;
  after?: unknown;
  details?: Record<string, unknown> | null;
  /** Who acted with an act-as token; by default the request's (see `auditContext`), null outside one. */
  actingId?: number | null;
}

/**
 * What every entry written during a request inherits: the adviser or administrator acting with an act-as token
 * (docs/product/accounts.md). The auth plugin opens one store per request (`onRequest`, before the route's
 * guards) and the guard fills it when the token was obtained by act-as, so no call site has to pass it along.
 */
export interface AuditRequestContext {
  actingUserId: number | null;
}
export const auditContext = new AsyncLocalStorage<AuditRequestContext>();

const json = (v: unknown): string | null => (v === undefined || v === null ? null : JSON.stringify(v));

export async function recordAudit(db: DB, entry: AuditEntry): Promise<void> {
  await insertAuditEntry(db, {
    actor_user_id: entry.actorId,
    action: entry.action,
    entity: entry.entity,
    entity_id: String(entry.entityId),
    details: json(entry.details),
    ip: entry.ip,
    before_state: json(entry.before),
    after_state: json(entry.after),
    acting_user_id: entry.actingId !== undefined ? entry.actingId : (auditContext.getStore()?.actingUserId ?? null),
    created_at: nowIso(),
  });
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
  acting_user_id: r.acting_user_id ?? null,
  acting_name: r.acting_name ?? null,
  action: r.action,
  entity: r.entity,
  entity_id: r.entity_id,
  ip: r.ip,
  before: parse(r.before_state),
  after: parse(r.after_state),
  details: parse(r.details),
  created_at: r.created_at,
});

/** GET /api/admin/audit: the trail, newest first, filtered by actor, entity and action. */
export async function listAudit(db: DB, filter: AuditFilter, page: { page: number; per_page: number }) {
  const { rows, total } = await pageOfAudit(db, filter, page);
  return { items: rows.map(toAuditEntry), total };
}
