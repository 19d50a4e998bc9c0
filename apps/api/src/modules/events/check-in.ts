import { EVENT_MESSAGES as M } from '@shared/schemas/events';
import { formatCotonouTime } from '@shared/format';
import type { CheckInList } from '@shared/schemas/events';
import type { DB } from '../../platform/database/database';
import { clock } from '../../platform/lib/clock';
import { fieldError, HttpError, notFound } from '../../platform/lib/http-errors';
import type { EventsContext } from './context';
import * as data from './data';
import { refundsDue } from './refunds';
import {
  DOOR_CODE_ITERATIONS,
  doorCodeHash,
  doorSalt,
  isTicketToken,
  normalizeCode,
  sha256,
  ticketToken,
  tokenRegistrationId,
} from './tickets';

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
  if (registration.status === 'annule') throw new HttpError(409, M.ticketCancelled);
  if (registration.status !== 'confirme') throw new HttpError(422, M.ticketNotConfirmed, { code: [M.ticketNotConfirmed] });
  return registration;
}

const SCAN_BEFORE_START_MS = 2 * 3600_000;
const SCAN_AHEAD_MS = 5 * 60_000;

export async function checkIn(ctx: EventsContext, eventId: number, scan: CheckInScan) {
  const registration = await findTicket(ctx, eventId, scan);
  const nowMs = clock.now().getTime();
  const now = new Date(nowMs).toISOString();
  // A scan is dated from 2 hours before the event starts until 5 minutes after the server's now (a device's clock may
  // run a little ahead). A scan sent without its time happened now: the same window holds (a ticket checked in days
  // before the event could no longer be cancelled by its holder).
  const event = (await data.findEvent(ctx.db, eventId))!;
  const t = scan.scanned_at ? Date.parse(scan.scanned_at) : nowMs;
  if (t < Date.parse(event.starts_at) - SCAN_BEFORE_START_MS || t > nowMs + SCAN_AHEAD_MS) {
    throw scan.scanned_at ? fieldError('scanned_at', M.scannedAtOutside) : fieldError('scanned_at', M.checkInNotOpen, M.checkInNotOpen);
  }
  // A scan is never later than its arrival.
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
  const salt = doorSalt(ctx.secret, eventId);
  const tickets = await data.doorTickets(ctx.db, eventId);
  // Each code's slow hash is computed once and kept (the page asks for the list again after each sending).
  for (const t of tickets) {
    if (t.door_code_hash) continue;
    t.door_code_hash = await doorCodeHash(salt, t.code);
    await data.setDoorCodeHash(ctx.db, t.id, t.door_code_hash);
  }
  return {
    event_id: eventId,
    code_salt: salt,
    code_iterations: DOOR_CODE_ITERATIONS,
    // Names and seats only: no telephone, e-mail, code or token leaves for the device.
    tickets: tickets.map((t) => ({
      token_hash: sha256(ticketToken(ctx.secret, t.id, t.ticket_nonce)),
      code_hash: t.door_code_hash!,
      name: t.name,
      seats: t.seats,
      status: t.status === 'annule' ? ('annule' as const) : ('confirme' as const),
      checked_in_at: t.checked_in_at,
      checked_in_device: t.checked_in_device,
    })),
  };
}

export async function attendance(db: DB, eventId: number) {
  if (!(await data.findEvent(db, eventId))) throw notFound(M.notFound);
  const rows = await data.listAttendance(db, eventId);
  // What the association owes back on each registration, so the administrator sees the refunds to make.
  const due = refundsDue(rows, await data.paidPaymentsOfEvent(db, eventId));
  return rows.map(({ payment_id: _, ...r }) => ({ ...r, refund_due: due.get(r.id) ?? 0 }));
}
