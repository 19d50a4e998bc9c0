import type { DB } from '../../db/database';
import { nowIso } from '../../db/database';

// The audit trail: who did what to which record, from which address, before and after.
// Call it with the transaction that makes the change, so a failed change leaves no entry.

/** Who makes a change: the account, and the client address of its request (routes: `actorOf(request)`, plugins/auth.ts). */
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
}

const json = (v: unknown): string | null => (v === undefined || v === null ? null : JSON.stringify(v));

export async function recordAudit(db: DB, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_user_id: entry.actorId,
      action: entry.action,
      entity: entry.entity,
      entity_id: String(entry.entityId),
      details: json(entry.details),
      ip: entry.ip,
      before_state: json(entry.before),
      after_state: json(entry.after),
      created_at: nowIso(),
    })
    .execute();
}
