import type { ContactMessageStatus } from '@shared/schemas/back-office';
import { BACK_OFFICE_MESSAGES } from '@shared/schemas/back-office';
import type { ContactValues } from '@shared/schemas/contact';
import { type DB, nowIso } from '../../db/database';
import { notFound } from '../../lib/http-errors';
import { type PageQuery, newestFirstPage } from '../../lib/pagination';
import { type AuditActor, recordAudit } from '../audit/record-audit';

export async function saveContactMessage(db: DB, input: ContactValues): Promise<void> {
  await db
    .insertInto('contact_messages')
    .values({
      name: input.name,
      email: input.email,
      phone: input.phone ?? null,
      services: input.services ?? null,
      message: input.message ?? null,
      created_at: nowIso(),
    })
    .execute();
}

/** Newest first; `status` keeps the new (not handled) or the handled ones only. */
export async function listContactMessages(db: DB, page: PageQuery, status?: ContactMessageStatus) {
  let list = db.selectFrom('contact_messages');
  if (status === 'nouveau') list = list.where('handled_at', 'is', null);
  if (status === 'traite') list = list.where('handled_at', 'is not', null);
  const [items, count] = await Promise.all([
    list.select(['id', 'name', 'email', 'phone', 'services', 'message', 'created_at', 'handled_at']).$call(newestFirstPage(page)).execute(),
    list.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}

/** Marks a message handled (or new again), with the change in the audit trail. */
export async function setContactMessageHandled(db: DB, id: number, handled: boolean, actor: AuditActor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('contact_messages').select(['handled_at', 'handled_by']).where('id', '=', id).executeTakeFirst();
    if (!before) throw notFound(BACK_OFFICE_MESSAGES.messageNotFound);
    const after = handled
      ? { handled_at: before.handled_at ?? nowIso(), handled_by: before.handled_by ?? actor.id }
      : { handled_at: null, handled_by: null };
    await trx.updateTable('contact_messages').set(after).where('id', '=', id).execute();
    await recordAudit(trx, {
      actorId: actor.id,
      action: handled ? 'contact_message.handle' : 'contact_message.reopen',
      entity: 'contact_messages',
      entityId: id,
      ip: actor.ip,
      before,
      after,
    });
  });
}
