import { type DB, nowIso } from '../../platform/database/database';
import type { SeekPageQuery } from '../../platform/lib/pagination';
import { type AuditFilter, type auditQuery, insertAuditEntry, pageOfAudit } from './data';

// The audit trail: who did what to which record, from which address, before and after. recordAudit is the one
// way every area writes it; call it with the transaction that makes the change, so a failed change leaves no entry.

/** Who makes a change: the account, and the client address of its request (routes: `actorOf(request)`, policy/guards.ts). */
export interface AuditActor {
  id: number;
  ip: string | null;
  /** The adviser or administrator acting for `id` with an act-as token; null for one's own session. */
  actingId: number | null;
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
  /**
   * Who acted with an act-as token (`AuditActor.actingId`, from `actorOf(request)`); null for one's own session and
   * outside a request. Required so that no call site can forget it (docs/product/accounts.md).
   */
  actingId: number | null;
}

/** An entry's who-and-where fields from the actor (for call sites that have nothing else to say about them). */
export const auditBy = (actor: AuditActor): Pick<AuditEntry, 'actorId' | 'ip' | 'actingId'> => ({
  actorId: actor.id,
  ip: actor.ip,
  actingId: actor.actingId,
});

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
    acting_user_id: entry.actingId,
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
export async function listAudit(db: DB, filter: AuditFilter, page: SeekPageQuery) {
  const { rows, total, next } = await pageOfAudit(db, filter, page);
  return { items: rows.map(toAuditEntry), total, next };
}
