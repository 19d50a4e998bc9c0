import { sql } from 'kysely';
import type { DB } from '../db/database';
import { likePattern, newestFirstPage, type PageQuery } from '../lib/pagination';
import { toE164 } from './phone';

// GET /api/admin/messages: the support view ("I never got the code"). A telephone filter matches the
// number in any spelling (it is stored in E.164); anything else matches part of the address.

export async function listOutbox(db: DB, filter: { channel?: 'sms' | 'email'; to?: string }, page: PageQuery) {
  let query = db.selectFrom('outbox_messages');
  if (filter.channel) query = query.where('channel', '=', filter.channel);
  const to = filter.to?.trim();
  if (to) {
    const phone = /^[+\d\s.\-()]+$/.test(to) ? toE164(to) : null;
    query = phone
      ? query.where('to_address', '=', phone)
      : query.where((eb) => sql<boolean>`lower(${eb.ref('to_address')}) like ${likePattern(to.toLowerCase())} escape '\\'`);
  }
  const [rows, count] = await Promise.all([
    query
      .select(['id', 'channel', 'to_address', 'subject', 'body', 'status', 'attempts', 'last_error', 'created_at', 'sent_at'])
      .$call(newestFirstPage(page))
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map(({ to_address, ...r }) => ({ ...r, to: to_address })),
    total: Number(count.n),
  };
}
