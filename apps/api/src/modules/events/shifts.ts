import {
  EVENT_MESSAGES as M,
  hasEnded,
  SHIFT_CHECK_OUT_GRACE_MINUTES,
  type Shift,
  type ShiftRosterItem,
  type SignupStatus,
} from '@shared/schemas/events';
import { type AuditActor, auditBy, recordAudit } from '../audit';
import { type DB, nowIso } from '../../platform/database/database';
import { clock } from '../../platform/lib/clock';
import { conflict, fieldError, forbidden, HttpError, notFound } from '../../platform/lib/http-errors';
import { generateToken, hashToken } from '../../platform/lib/tokens';
import type { EventsContext } from './context';
import * as data from './data';
import { newNonce, signupSignature } from './tickets';

// Volunteer shifts: a confirmed volunteer takes a slot (the slots counter moves with one conditional UPDATE),
// confirms it when asked 48 hours before, and has the hours of each shift recorded at check-in and check-out.

export interface VolunteerIdentity {
  id: number;
  name: string;
  telephone: string | null;
}

/** How long a volunteer stays signed in after the SMS code. */
const SESSION_MS = 12 * 60 * 60_000;

export async function openVolunteerSession(db: DB, volunteerId: number): Promise<string> {
  const token = generateToken();
  await data.insertVolunteerSession(db, volunteerId, hashToken(token), new Date(Date.now() + SESSION_MS).toISOString());
  return token;
}

export async function volunteerOfToken(db: DB, token: string | null): Promise<VolunteerIdentity | null> {
  if (!token || token.length > 200) return null;
  return (await data.volunteerOfSession(db, hashToken(token), nowIso())) ?? null;
}

const toShift = (row: Awaited<ReturnType<typeof data.shiftsForVolunteer>>[number]): Shift => ({
  id: row.id,
  event_id: row.event_id,
  event_title: row.event_title,
  label: row.label,
  starts_at: row.starts_at,
  ends_at: row.ends_at,
  slots: row.slots,
  slots_left: Math.max(0, row.slots - row.taken),
  my_status: (row.my_status as SignupStatus | null) ?? null,
  checked_in_at: row.checked_in_at ?? null,
  checked_out_at: row.checked_out_at ?? null,
});

export async function myShifts(db: DB, volunteerId: number): Promise<Shift[]> {
  return (await data.shiftsForVolunteer(db, volunteerId, clock.now().toISOString())).map(toShift);
}

async function openShift(db: data.Executor, shiftId: number) {
  const shift = await data.findShift(db, shiftId);
  if (!shift || shift.event_status === 'annule') throw notFound(M.shiftNotFound);
  return shift;
}

export async function takeShift(db: DB, shiftId: number, volunteerId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const shift = await openShift(trx, shiftId);
    if (shift.starts_at <= clock.now().toISOString()) throw conflict(M.shiftStarted);
    const existing = await data.findSignup(trx, shiftId, volunteerId);
    if (existing && (existing.status === 'inscrit' || existing.status === 'confirme')) throw conflict(M.alreadySignedUp);
    if (!(await data.takeSlot(trx, shiftId))) throw conflict(M.shiftFull);
    // Taken within 48 hours of the start, the slot needs no further confirmation: it is confirmed now.
    const soon = Date.parse(shift.starts_at) - clock.now().getTime() <= 48 * 3600_000;
    const status: SignupStatus = soon ? 'confirme' : 'inscrit';
    if (existing) {
      await data.moveSignup(trx, existing.id, [existing.status], {
        status,
        confirmed_at: soon ? nowIso() : null,
        confirm_requested_at: null,
        confirm_nonce: newNonce(),
      });
    } else {
      const row = await data.insertSignup(trx, shiftId, volunteerId, newNonce());
      if (soon) await data.moveSignup(trx, row.id, ['inscrit'], { status: 'confirme', confirmed_at: nowIso() });
    }
  });
}

export async function leaveShift(db: DB, shiftId: number, volunteerId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // A shift already over is served (or missed): leaving it would erase its hours and free a slot nobody can take.
    if (hasEnded(await openShift(trx, shiftId), clock.now())) throw conflict(M.shiftEnded);
    const signup = await data.findSignup(trx, shiftId, volunteerId);
    // Leaving a shift takes its hours with it: stamps and any confirmation are cleared.
    const cleared = {
      status: 'annule',
      checked_in_at: null,
      checked_out_at: null,
      hours_minutes: null,
      hours_confirmed_at: null,
      hours_confirmed_by: null,
    };
    if (!signup || !(await data.moveSignup(trx, signup.id, ['inscrit', 'confirme'], cleared))) throw notFound(M.notSignedUp);
    await data.releaseSlot(trx, shiftId);
  });
}

/** Confirms a slot: the signed-in volunteer, or the link of the SMS (`signature`) without signing in. */
export async function confirmShift(ctx: EventsContext, shiftId: number, volunteerId: number | null, link?: { s: number; sig: string }) {
  let signup: data.SignupRow | undefined;
  if (volunteerId !== null) signup = await data.findSignup(ctx.db, shiftId, volunteerId);
  else if (link) {
    signup = await data.findSignupById(ctx.db, link.s);
    if (signup && (signup.shift_id !== shiftId || signupSignature(ctx.secret, signup.id, signup.confirm_nonce) !== link.sig))
      signup = undefined;
  }
  if (!signup) throw notFound(M.notSignedUp);
  const shift = await data.findShift(ctx.db, shiftId);
  if (shift && hasEnded(shift, clock.now())) throw conflict(M.shiftEnded);
  if (signup.status === 'confirme') return;
  if (!(await data.moveSignup(ctx.db, signup.id, ['inscrit'], { status: 'confirme', confirmed_at: nowIso() })))
    throw notFound(M.notSignedUp);
}

const MINUTE = 60_000;
/** Arrival is recorded from 30 minutes before the start until the end; departure until 2 hours after the end. */
const CHECK_IN_BEFORE_MS = 30 * MINUTE;
const CHECK_OUT_AFTER_MS = SHIFT_CHECK_OUT_GRACE_MINUTES * MINUTE;

/** Minutes between arrival and departure counted inside the shift's window only (null while one is missing). */
export function servedMinutes(
  shift: { starts_at: string; ends_at: string },
  signup: { checked_in_at: string | null; checked_out_at: string | null },
) {
  if (!signup.checked_in_at || !signup.checked_out_at) return null;
  const start = Date.parse(shift.starts_at);
  const end = Date.parse(shift.ends_at);
  const from = Math.min(Math.max(Date.parse(signup.checked_in_at), start), end);
  const to = Math.min(Math.max(Date.parse(signup.checked_out_at), start), end);
  return Math.max(0, Math.floor((to - from) / MINUTE));
}

/** Records the arrival or departure of a volunteer on a shift (the first time counts), inside the allowed windows. */
export async function stampShift(db: DB, shiftId: number, volunteerId: number, what: 'in' | 'out'): Promise<data.SignupRow> {
  const shift = await openShift(db, shiftId);
  const signup = await data.findSignup(db, shiftId, volunteerId);
  if (!signup || (signup.status !== 'inscrit' && signup.status !== 'confirme')) throw notFound(M.notSignedUp);
  const now = clock.now().getTime();
  const start = Date.parse(shift.starts_at);
  const end = Date.parse(shift.ends_at);
  if (what === 'in') {
    if (now < start - CHECK_IN_BEFORE_MS) throw conflict(M.checkInTooEarly);
    if (now > end && !signup.checked_in_at) throw conflict(M.checkInTooLate);
  } else {
    if (!signup.checked_in_at) throw new HttpError(409, M.notCheckedIn);
    // A departure before the start would count nothing and, the first stamp counting, could not be put right.
    if (now < start) throw conflict(M.checkOutTooEarly);
    if (now > end + CHECK_OUT_AFTER_MS && !signup.checked_out_at) throw conflict(M.checkOutTooLate);
  }
  await data.stampSignup(db, signup.id, what === 'in' ? 'checked_in_at' : 'checked_out_at', clock.now().toISOString());
  return (await data.findSignupById(db, signup.id))!;
}

/** The coordinator's roster of a shift: every signup, with the minutes served inside the window. */
export async function shiftRoster(db: DB, shiftId: number): Promise<ShiftRosterItem[]> {
  const shift = await data.findShift(db, shiftId);
  if (!shift) throw notFound(M.shiftNotFound);
  return (await data.rosterOfShift(db, shiftId)).map((r) => ({
    id: r.id,
    volunteer_id: r.volunteer_id,
    name: r.name,
    telephone: r.telephone,
    status: r.status as SignupStatus,
    checked_in_at: r.checked_in_at,
    checked_out_at: r.checked_out_at,
    served_minutes: servedMinutes(shift, r),
    confirmed_minutes: r.hours_confirmed_at ? r.hours_minutes : null,
    hours_confirmed_at: r.hours_confirmed_at,
  }));
}

/** The coordinator confirms a signup's hours: the minutes served inside the window, or the minutes they set (at most the shift's length). */
export async function confirmHours(db: DB, shiftId: number, signupId: number, minutes: number | undefined, actor: AuditActor) {
  return db.transaction().execute(async (trx) => {
    const shift = await data.findShift(trx, shiftId);
    if (!shift) throw notFound(M.shiftNotFound);
    const signup = await data.findSignupById(trx, signupId);
    if (!signup || signup.shift_id !== shiftId || (signup.status !== 'inscrit' && signup.status !== 'confirme'))
      throw notFound(M.signupNotFound);
    const length = Math.floor((Date.parse(shift.ends_at) - Date.parse(shift.starts_at)) / MINUTE);
    if (minutes !== undefined && minutes > length) throw fieldError('minutes', M.hoursMinutes);
    const value = minutes ?? servedMinutes(shift, signup);
    if (value === null) throw fieldError('minutes', M.hoursNothing);
    const at = nowIso();
    await data.moveSignup(trx, signup.id, ['inscrit', 'confirme'], {
      hours_minutes: value,
      hours_confirmed_at: at,
      hours_confirmed_by: actor.id,
    });
    await recordAudit(trx as unknown as DB, {
      ...auditBy(actor),
      action: 'event.shift_hours_confirm',
      entity: 'shift_signup',
      entityId: signup.id,
      before: { hours_minutes: signup.hours_minutes, hours_confirmed_at: signup.hours_confirmed_at },
      after: { hours_minutes: value, served_minutes: servedMinutes(shift, signup) },
    });
    return { id: signup.id, confirmed_minutes: value, hours_confirmed_at: at };
  });
}

export function requireVolunteer(volunteer: VolunteerIdentity | null): VolunteerIdentity {
  if (!volunteer) throw forbidden();
  return volunteer;
}
