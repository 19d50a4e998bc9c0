import { EVENT_MESSAGES as M, type EventData, type EventItem, hasEnded } from '@shared/schemas/events';
import type { z } from '@shared/zod-fr';
import type { shiftInputSchema } from '@shared/schemas/events';
import { type DB, nowIso } from '../../platform/database/database';
import { clock } from '../../platform/lib/clock';
import { conflict, fieldError, notFound } from '../../platform/lib/http-errors';
import { type AuditActor, recordAudit } from '../audit';
import type { EventsContext } from './context';
import * as data from './data';
import { queueEventSms } from './event-sms';
import { refundOnCancel } from './refunds';
import { promoteWaiting } from './registrations';
import { eventTexts } from './texts';

// Events as administrators manage them and visitors see them.

/**
 * An event as the pages show it. `seats_left` is what a new registrant can get: none while anyone waits (they come
 * first, in order), whatever seats are free on the counter (a freed seat too few for the first in line).
 */
export function toEventItem(row: data.EventRow, someoneWaits = false): EventItem {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    starts_at: row.starts_at,
    ends_at: row.ends_at,
    place: row.place,
    capacity: row.capacity,
    seats_left: row.status === 'annule' || someoneWaits ? 0 : Math.max(0, row.capacity - row.seats_taken),
    price_member: row.price_member,
    price_public: row.price_public,
    registration_closes_at: row.registration_closes_at,
    published: row.published === 1,
    status: row.status === 'annule' ? 'annule' : 'actif',
    created_at: row.created_at,
  };
}

/** Events as the pages show them, each knowing whether anyone waits. */
async function toEventItems(db: data.Executor, rows: data.EventRow[]): Promise<EventItem[]> {
  const waiting = await data.eventsWithWaiting(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toEventItem(r, waiting.has(r.id)));
}

const columns = (input: EventData) => ({
  title: input.title,
  description: input.description,
  starts_at: input.starts_at,
  ends_at: input.ends_at,
  place: input.place,
  price_member: input.price_member,
  price_public: input.price_public,
  registration_closes_at: input.registration_closes_at ?? null,
  published: input.published ? 1 : 0,
});

export async function createEvent(db: DB, input: EventData, actor: AuditActor): Promise<EventItem> {
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const row = await data.insertEvent(trx, {
      ...columns(input),
      capacity: input.capacity,
      cancel_reason: null,
      created_by: actor.id,
      created_at: now,
      updated_at: now,
    });
    await recordAudit(trx as unknown as DB, {
      actorId: actor.id,
      ip: actor.ip,
      actingId: actor.actingId,
      action: 'event.create',
      entity: 'event',
      entityId: row.id,
      after: toEventItem(row),
    });
    return toEventItem(row);
  });
}

export async function updateEventById(ctx: EventsContext, id: number, input: EventData, actor: AuditActor): Promise<EventItem> {
  return ctx.db.transaction().execute(async (trx) => {
    const before = await data.findEvent(trx, id);
    if (!before) throw notFound(M.notFound);
    if (before.status === 'annule') throw conflict(M.cancelled);
    const row = await data.updateEventGuarded(trx, id, { ...columns(input), updated_at: nowIso() }, input.capacity);
    if (!row) throw fieldError('capacity', M.capacityBelowTaken);
    // More seats may let the waiting list in.
    if (row.capacity > before.capacity) {
      await promoteWaiting(ctx, trx, id);
    }
    await recordAudit(trx as unknown as DB, {
      actorId: actor.id,
      ip: actor.ip,
      actingId: actor.actingId,
      action: 'event.update',
      entity: 'event',
      entityId: id,
      before: toEventItem(before),
      after: toEventItem(row),
    });
    return (await toEventItems(trx, [(await data.findEvent(trx, id))!]))[0]!;
  });
}

export async function setPublished(db: DB, id: number, published: boolean, actor: AuditActor): Promise<EventItem> {
  return db.transaction().execute(async (trx) => {
    const before = await data.findEvent(trx, id);
    if (!before) throw notFound(M.notFound);
    const row = (await data.updateEvent(trx, id, { published: published ? 1 : 0, updated_at: nowIso() }))!;
    await recordAudit(trx as unknown as DB, {
      actorId: actor.id,
      ip: actor.ip,
      actingId: actor.actingId,
      action: published ? 'event.publish' : 'event.unpublish',
      entity: 'event',
      entityId: id,
      before: { published: before.published === 1 },
      after: { published },
    });
    return (await toEventItems(trx, [row]))[0]!;
  });
}

/**
 * Cancels an event: every registration still active is cancelled, and each telephone holding one is told by one SMS
 * (however many registrations it made). That SMS is sent whatever the telephone's daily limit of event SMS: only an
 * administrator triggers it, once per event, and a person must not travel to a cancelled event; it counts toward the
 * limit of what follows (event-sms.ts). An event already over is not cancelled: its registrations and check-ins are
 * the attendance books, and nobody is texted about a past event.
 */
export async function cancelEvent(db: DB, id: number, reason: string | null, actor: AuditActor): Promise<EventItem> {
  return db.transaction().execute(async (trx) => {
    const told = new Map<string, { firstId: number; refund: number }>();
    const before = await data.findEvent(trx, id);
    if (!before) throw notFound(M.notFound);
    if (before.status === 'annule') throw conflict(M.cancelled);
    if (hasEnded(before, clock.now())) throw conflict(M.ended);
    const row = (await data.updateEvent(trx, id, { status: 'annule', cancel_reason: reason, updated_at: nowIso() }))!;
    for (const registration of await data.activeRegistrationsOfEvent(trx, id)) {
      await data.moveRegistration(trx, registration.id, [registration.status], {
        status: 'annule',
        cancelled_at: nowIso(),
        hold_expires_at: null,
      });
      // A paid ticket: the association gives the money back by hand; the holder is told, the trail says what and which payment.
      const refund = await refundOnCancel(trx, registration);
      if (refund) {
        await recordAudit(trx as unknown as DB, {
          actorId: actor.id,
          ip: actor.ip,
          actingId: actor.actingId,
          action: 'event_registration.cancel',
          entity: 'event_registration',
          entityId: registration.id,
          before: { status: registration.status },
          after: { status: 'annule' },
          details: { ...refund, via: 'annulation de l’événement', event_id: id },
        });
      }
      // Registrations come in id order: the first of a telephone names its one message, which sums its refunds.
      const owed = told.get(registration.telephone);
      if (owed) owed.refund += refund?.refund_due ?? 0;
      else told.set(registration.telephone, { firstId: registration.id, refund: refund?.refund_due ?? 0 });
    }
    for (const [telephone, { firstId, refund }] of told) {
      await queueEventSms(
        trx,
        { to: telephone, body: eventTexts.eventCancelled(before.title, refund), dedupeKey: `event-cancelled:${firstId}` },
        { unlimited: true },
      );
    }
    await recordAudit(trx as unknown as DB, {
      actorId: actor.id,
      ip: actor.ip,
      actingId: actor.actingId,
      action: 'event.cancel',
      entity: 'event',
      entityId: id,
      before: { status: before.status },
      after: { status: 'annule' },
      details: reason ? { reason } : null,
    });
    return toEventItem(row);
  });
}

export async function publicEvent(db: DB, id: number): Promise<EventItem> {
  const row = await data.findEvent(db, id);
  if (!row?.published) throw notFound(M.notFound);
  return (await toEventItems(db, [row]))[0]!;
}

export async function publicEvents(db: DB): Promise<EventItem[]> {
  return toEventItems(db, await data.listPublishedEvents(db, clock.now().toISOString()));
}

export async function adminEvents(db: DB): Promise<EventItem[]> {
  return toEventItems(db, await data.listAllEvents(db));
}

export async function setReception(db: DB, eventId: number, volunteerIds: number[], actor: AuditActor): Promise<number[]> {
  const ids = [...new Set(volunteerIds)];
  return db.transaction().execute(async (trx) => {
    if (!(await data.findEvent(trx, eventId))) throw notFound(M.notFound);
    const found = await data.confirmedVolunteers(trx, ids);
    if (found.length !== ids.length) throw fieldError('volunteer_ids', M.volunteerUnknown);
    await data.setReception(trx, eventId, ids);
    await recordAudit(trx as unknown as DB, {
      actorId: actor.id,
      ip: actor.ip,
      actingId: actor.actingId,
      action: 'event.reception',
      entity: 'event',
      entityId: eventId,
      after: { volunteer_ids: ids },
    });
    return ids;
  });
}

export async function createShift(db: DB, eventId: number, input: z.output<typeof shiftInputSchema>, actor: AuditActor) {
  return db.transaction().execute(async (trx) => {
    if (!(await data.findEvent(trx, eventId))) throw notFound(M.notFound);
    const row = await data.insertShift(trx, {
      event_id: eventId,
      label: input.label,
      starts_at: input.starts_at,
      ends_at: input.ends_at,
      slots: input.slots,
      created_at: nowIso(),
    });
    await recordAudit(trx as unknown as DB, {
      actorId: actor.id,
      ip: actor.ip,
      actingId: actor.actingId,
      action: 'event.shift_create',
      entity: 'event_shift',
      entityId: row.id,
      after: { event_id: eventId, label: row.label, starts_at: row.starts_at, ends_at: row.ends_at, slots: row.slots },
    });
    return row;
  });
}
