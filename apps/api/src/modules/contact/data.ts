import type { ContactMessageStatus } from '@shared/schemas/back-office';
import type { Insertable } from 'kysely';
import type { DB } from '../../platform/database/database';
import type { ContactMessagesTable } from '../../platform/database/schema';
import { keptCount } from '../../platform/database/kept-counts';
import { newestFirstSeek, type SeekPageQuery } from '../../platform/lib/pagination';

// The contact area's queries (contact_messages).

export async function insertContactMessage(db: DB, values: Insertable<ContactMessagesTable>): Promise<void> {
  await db.insertInto('contact_messages').values(values).execute();
}

/** The list's filter, written once for the page and its CSV export: new (not handled) or handled messages only. */
function contactMessagesWith(db: DB, status: ContactMessageStatus | undefined) {
  let list = db.selectFrom('contact_messages');
  if (status === 'nouveau') list = list.where('handled_at', 'is', null);
  if (status === 'traite') list = list.where('handled_at', 'is not', null);
  return list.select(['id', 'name', 'email', 'phone', 'services', 'message', 'created_at', 'handled_at']);
}

/** The messages of a status (or all), from the counts the triggers keep (migration 20261127_0400). */
async function countContactMessages(db: DB, status: ContactMessageStatus | undefined): Promise<number> {
  if (status === 'nouveau') return keptCount(db, ['contact_messages:new']);
  const all = await keptCount(db, ['contact_messages']);
  return status === 'traite' ? all - (await keptCount(db, ['contact_messages:new'])) : all;
}

/** One page of messages, newest first by seek (platform/lib/pagination.ts), the total and the next page's cursor. */
export async function pageOfContactMessages(db: DB, page: SeekPageQuery, status?: ContactMessageStatus) {
  const total = await countContactMessages(db, status);
  const { rows, next } = await newestFirstSeek(contactMessagesWith(db, status), page, total);
  return { items: rows, total, next };
}

/** The list's rows for its CSV export, with the list's own filter. */
export const contactMessagesExportQuery = contactMessagesWith;

export const countNewContactMessages = (db: DB): Promise<number> => countContactMessages(db, 'nouveau');

export function findHandledState(db: DB, id: number) {
  return db.selectFrom('contact_messages').select(['handled_at', 'handled_by']).where('id', '=', id).executeTakeFirst();
}

export async function setHandledState(db: DB, id: number, state: { handled_at: string | null; handled_by: number | null }): Promise<void> {
  await db.updateTable('contact_messages').set(state).where('id', '=', id).execute();
}
