import type { DB } from '../../db/database';

// Helpers shared by the public-site services.

export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  if (!e || typeof e !== 'object') return false;
  return e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || (e.code === 'SQLITE_CONSTRAINT' && /UNIQUE/i.test(e.message ?? ''));
}

/** One line in audit_log for a moderation action. */
export async function audit(db: DB, actorId: number, action: string, entity: string, entityId: number) {
  await db
    .insertInto('audit_log')
    .values({ actor_user_id: actorId, action, entity, entity_id: String(entityId), details: null, created_at: new Date().toISOString() })
    .execute();
}

export interface Page<T> {
  items: T[];
  total: number;
}

export const publicFileUrl = (area: 'avatars' | 'volunteer-profile-images', name: string) => `/api/storage/${area}/${name}`;
