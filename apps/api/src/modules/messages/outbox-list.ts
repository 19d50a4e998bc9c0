import type { DB } from '../../platform/database/database';
import type { SeekPageQuery } from '../../platform/lib/pagination';
import { type OutboxFilter, pageOfOutbox } from './data';

// GET /api/admin/messages: the support view ("I never got the code").

export async function listOutbox(db: DB, filter: OutboxFilter, page: SeekPageQuery) {
  const { rows, total, next } = await pageOfOutbox(db, filter, page);
  return {
    items: rows.map(({ to_address, ...r }) => ({ ...r, to: to_address })),
    total,
    next,
  };
}
