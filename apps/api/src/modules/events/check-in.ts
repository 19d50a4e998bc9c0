import { EVENT_MESSAGES as M } from '@shared/schemas/events';
import { formatCotonouTime } from '@shared/format';
import type { CheckInList } from '@shared/schemas/events';
import type { DB } from '../../platform/database/database';
import { clock } from '../../platform/lib/clock';
import { HttpError, notFound } from '../../platform/lib/http-errors';
import type { EventsContext } from './context';
import * as data from './data';
import { codeHash, isTicketToken, normalizeCode, sha256, ticketToken, tokenRegistrationId } from './tickets';

// Check-in at the door. A scan carries its own time (a device without network sends its scans later): the
// earliest scan of a ticket is the one that counts, whichever device sent it and in whatever order they
// arrive; every other scan of it is told « Déjà enregistré à HH:MM » with the winning time.

export interface CheckInScan {
  code?: string;
  token?: string;
  scanned_at?: string;
  device_id?: string;
}

export const alreadyCheckedIn = (at: string, device: string | null) =>
  new HttpError(409, `Déjà enregistré à ${formatCotonouTime(at)}`, undefined, {
    'x-checked-in-at': at,
    ...(device ? { 'x-checked-in-device': device } : {}),
  });

async function findTicket(ctx: EventsContext, eventId: number, scan: CheckInScan): Promise<data.RegistrationRow> {
  let registration: data.RegistrationRow | undefined;
  if (scan.token) {
    // The QR code holds the ticket's link; a scanner may send the whole link or just its token.
    const token = scan.token.slice(scan.token.lastIndexOf('/') + 1);
    const id = tokenRegistrationId(token);
    registration = id ? await data.findRegistration(ctx.db, id) : undefined;
    if (registration && !isTicketToken(ctx.secret, registration.id, registration.ticket_nonce, token)) registration = undefined;
  } else if (scan.code) {
    registration = await data.findRegistrationByCode(ctx.db, eventId, normalizeCode(scan.code));
  }
  if (!registration || registration.event_id !== eventId) throw notFound(M.ticketUnknown);
  if (registration.status !== 'confirme') throw new HttpError(422, M.ticketNotConfirmed, { code: [M.ticketNotConfirmed] });
  return registration;
}

export async function checkIn(ctx: EventsContext, eventId: number, scan: CheckInScan) {
  const registration = await findTicket(ctx, eventId, scan);
  const now = clock.now().toISOString();
  // A device's clock may run ahead: a scan is never later than its arrival.
  const at = scan.scanned_at && scan.scanned_at < now ? scan.scanned_at : now;
  const device = scan.device_id ?? null;
  if (await data.recordCheckIn(ctx.db, registration.id, at, device)) {
    return { name: registration.name, seats: registration.seats, checked_in_at: at };
  }
  const current = (await data.findRegistration(ctx.db, registration.id))!;
  throw alreadyCheckedIn(current.checked_in_at ?? at, current.checked_in_device);
}

/** The event's confirmed tickets as the check-in page keeps them: hashes, never the tokens or codes. */
export async function checkInList(ctx: EventsContext, eventId: number): Promise<CheckInList> {
  const event = await data.findEvent(ctx.db, eventId);
  if (!event) throw notFound(M.notFound);
  const tickets = await data.confirmedTickets(ctx.db, eventId);
  return {
    event_id: eventId,
    tickets: tickets.map((t) => ({
      token_hash: sha256(ticketToken(ctx.secret, t.id, t.ticket_nonce)),
      code_hash: codeHash(eventId, t.code),
      name: t.name,
      seats: t.seats,
      checked_in_at: t.checked_in_at,
      checked_in_device: t.checked_in_device,
    })),
  };
}

export async function attendance(db: DB, eventId: number) {
  if (!(await data.findEvent(db, eventId))) throw notFound(M.notFound);
  return data.listAttendance(db, eventId);
}
