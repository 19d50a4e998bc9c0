import type { ContactMessageStatus } from '@shared/schemas/back-office';
import type { Insertable } from 'kysely';
import type { DB } from '../../platform/database/database';
import type { ContactMessagesTable } from '../../platform/database/schema';
import { type PageQuery, newestFirstPage } from '../../platform/lib/pagination';

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

export async function pageOfContactMessages(db: DB, page: PageQuery, status?: ContactMessageStatus) {
  const list = contactMessagesWith(db, status);
  const [items, count] = await Promise.all([
    list.$call(newestFirstPage(page)).execute(),
    list
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}

/** The list's rows for its CSV export, with the list's own filter. */
export const contactMessagesExportQuery = contactMessagesWith;

export async function countNewContactMessages(db: DB): Promise<number> {
  const row = await db
    .selectFrom('contact_messages')
    .where('handled_at', 'is', null)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findHandledState(db: DB, id: number) {
  return db.selectFrom('contact_messages').select(['handled_at', 'handled_by']).where('id', '=', id).executeTakeFirst();
}

export async function setHandledState(db: DB, id: number, state: { handled_at: string | null; handled_by: number | null }): Promise<void> {
  await db.updateTable('contact_messages').set(state).where('id', '=', id).execute();
}
