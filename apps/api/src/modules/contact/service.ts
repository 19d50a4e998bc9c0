import type { ContactMessageStatus } from '@shared/schemas/back-office';
import { BACK_OFFICE_MESSAGES } from '@shared/schemas/back-office';
import type { ContactValues } from '@shared/schemas/contact';
import { type DB, nowIso } from '../../platform/database/database';
import { notFound } from '../../platform/lib/http-errors';
import type { SeekPageQuery } from '../../platform/lib/pagination';
import { type AuditActor, recordAudit } from '../audit';
import { findHandledState, insertContactMessage, pageOfContactMessages, setHandledState } from './data';

export async function saveContactMessage(db: DB, input: ContactValues): Promise<void> {
  await insertContactMessage(db, {
    name: input.name,
    email: input.email,
    phone: input.phone ?? null,
    services: input.services ?? null,
    message: input.message ?? null,
    created_at: nowIso(),
  });
}

/** Newest first; `status` keeps the new (not handled) or the handled ones only. */
export const listContactMessages = (db: DB, page: SeekPageQuery, status?: ContactMessageStatus) => pageOfContactMessages(db, page, status);

/** Marks a message handled (or new again), with the change in the audit trail. */
export async function setContactMessageHandled(db: DB, id: number, handled: boolean, actor: AuditActor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await findHandledState(trx, id);
    if (!before) throw notFound(BACK_OFFICE_MESSAGES.messageNotFound);
    const after = handled
      ? { handled_at: before.handled_at ?? nowIso(), handled_by: before.handled_by ?? actor.id }
      : { handled_at: null, handled_by: null };
    await setHandledState(trx, id, after);
    await recordAudit(trx, {
      actorId: actor.id,
      actingId: actor.actingId,
      action: handled ? 'contact_message.handle' : 'contact_message.reopen',
      entity: 'contact_messages',
      entityId: id,
      ip: actor.ip,
      before,
      after,
    });
  });
}
