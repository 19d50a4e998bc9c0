import type { DB } from '../../db/database';
import { type AuditActor, recordAudit } from '../audit/record-audit';

// Helpers shared by the public-site services.

export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  if (!e || typeof e !== 'object') return false;
  return e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || (e.code === 'SQLITE_CONSTRAINT' && /UNIQUE/i.test(e.message ?? ''));
}

/** One line in audit_log for a moderation action. */
export async function audit(
  db: DB,
  actor: AuditActor,
  action: string,
  entity: string,
  entityId: number,
  change?: { before?: unknown; after?: unknown },
) {
  await recordAudit(db, { actorId: actor.id, ip: actor.ip, action, entity, entityId, before: change?.before, after: change?.after });
}

export interface Page<T> {
  items: T[];
  total: number;
}

export const publicFileUrl = (area: 'avatars' | 'volunteer-profile-images', name: string) => `/api/storage/${area}/${name}`;
