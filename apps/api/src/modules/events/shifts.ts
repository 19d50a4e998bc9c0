import { EVENT_MESSAGES as M, type Shift, type SignupStatus } from '@shared/schemas/events';
import { type DB, nowIso } from '../../platform/database/database';
import { clock } from '../../platform/lib/clock';
import { conflict, forbidden, HttpError, notFound } from '../../platform/lib/http-errors';
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
    await openShift(trx, shiftId);
    const signup = await data.findSignup(trx, shiftId, volunteerId);
    if (!signup || !(await data.moveSignup(trx, signup.id, ['inscrit', 'confirme'], { status: 'annule' }))) throw notFound(M.notSignedUp);
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
  if (signup.status === 'confirme') return;
  if (!(await data.moveSignup(ctx.db, signup.id, ['inscrit'], { status: 'confirme', confirmed_at: nowIso() })))
    throw notFound(M.notSignedUp);
}

/** Records the arrival or departure of a volunteer on a shift (the first time counts). */
export async function stampShift(db: DB, shiftId: number, volunteerId: number, what: 'in' | 'out'): Promise<data.SignupRow> {
  const signup = await data.findSignup(db, shiftId, volunteerId);
  if (!signup || (signup.status !== 'inscrit' && signup.status !== 'confirme')) throw notFound(M.notSignedUp);
  if (what === 'out' && !signup.checked_in_at) throw new HttpError(409, M.notCheckedIn);
  await data.stampSignup(db, signup.id, what === 'in' ? 'checked_in_at' : 'checked_out_at', clock.now().toISOString());
  return (await data.findSignupById(db, signup.id))!;
}

export function requireVolunteer(volunteer: VolunteerIdentity | null): VolunteerIdentity {
  if (!volunteer) throw forbidden();
  return volunteer;
}
