import { type PeriodicPass, periodicPass } from '../../platform/lib/periodic-pass';
import type { DB } from '../../platform/database/database';
import { clock } from '../../platform/lib/clock';
import { enqueueMessage } from '../messages';
import { type EventsContext, ticketUrl } from './context';
import * as data from './data';
import { queueEventSms } from './event-sms';
import { promoteWhereSeatsAreFree, releaseExpiredHolds } from './registrations';
import { eventTexts } from './texts';
import { signupSignature } from './tickets';

// The events area's background work, one pass a minute in every process. Each message has its own dedupe key
// in the outbox and each state change is a conditional UPDATE, so however many processes run a pass, a
// reminder or a confirmation request is queued once and a slot is released once.

const HOUR = 3600_000;
/** Cotonou is UTC+1 all year: 09:00 there is 08:00 UTC. */
const COTONOU_OFFSET_MS = HOUR;

/** Start of the next Cotonou day after `now`, as an instant, and the reminder time (09:00 Cotonou) of today. */
function cotonouDay(now: Date) {
  const local = new Date(now.getTime() + COTONOU_OFFSET_MS);
  const midnightLocal = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  const todayStart = midnightLocal - COTONOU_OFFSET_MS;
  return { tomorrowStart: todayStart + 24 * HOUR, dayAfterStart: todayStart + 48 * HOUR, nineToday: todayStart + 9 * HOUR };
}

/**
 * From 09:00 Cotonou time, the day before an event: one SMS per telephone holding confirmed tickets (not one per
 * registration), with the first ticket, counted toward the telephone's daily limit of event SMS (event-sms.ts). Its
 * dedupe key is the telephone's first registration for the event, whatever became of it: sent once, however many
 * passes run and whichever of its tickets are cancelled meanwhile. A number at its limit at 09:00 may still get it
 * later in the day, once its older SMS are more than 24 hours old.
 */
export async function queueDayBeforeReminders(ctx: EventsContext): Promise<number> {
  const now = clock.now();
  const day = cotonouDay(now);
  if (now.getTime() < day.nineToday) return 0;
  const due = await data.registrationsStartingBetween(
    ctx.db,
    new Date(day.tomorrowStart).toISOString(),
    new Date(day.dayAfterStart).toISOString(),
  );
  const byTelephone = new Map<string, typeof due>();
  for (const r of [...due].sort((a, b) => a.id - b.id)) {
    const key = `${r.event_id}:${r.telephone}`;
    byTelephone.set(key, [...(byTelephone.get(key) ?? []), r]);
  }
  let queued = 0;
  for (const tickets of byTelephone.values()) {
    const first = tickets[0]!;
    const url = ticketUrl(ctx, first);
    const body =
      tickets.length === 1
        ? eventTexts.reminder(first.event_title, first.event_starts_at, first.event_place, first.code, url)
        : eventTexts.reminderMany(
            first.event_title,
            first.event_starts_at,
            first.event_place,
            tickets.length,
            tickets.reduce((n, r) => n + r.seats, 0),
            first.code,
            url,
          );
    const sent = await ctx.db.transaction().execute(async (trx) => {
      const keyId = (await data.firstRegistrationIdOf(trx, first.event_id, first.telephone)) ?? first.id;
      return queueEventSms(trx, { to: first.telephone, body, dedupeKey: `event-reminder:${keyId}` });
    });
    if (sent) queued += 1;
  }
  return queued;
}

/** 48 hours before a shift, a volunteer who has not confirmed is asked to, by a link. */
export async function queueShiftConfirmations(ctx: EventsContext): Promise<number> {
  const now = clock.now().getTime();
  const due = await data.unconfirmedSignupsStartingBetween(
    ctx.db,
    new Date(now + 24 * HOUR).toISOString(),
    new Date(now + 48 * HOUR).toISOString(),
  );
  let queued = 0;
  for (const s of due) {
    if (s.confirm_requested_at || !s.volunteer_telephone) continue;
    const link = `${ctx.publicUrl}/benevole?confirmer=${s.shift_id}&s=${s.id}&sig=${signupSignature(ctx.secret, s.id, s.confirm_nonce)}`;
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await data.moveSignup(trx, s.id, ['inscrit'], { confirm_requested_at: clock.now().toISOString() }))) return;
      const body = eventTexts.shiftConfirm(s.label, s.event_title, s.starts_at, link);
      if (
        await enqueueMessage(trx as unknown as DB, { channel: 'sms', to: s.volunteer_telephone!, body, dedupeKey: `shift-confirm:${s.id}` })
      ) {
        queued += 1;
      }
    });
  }
  return queued;
}

/** 24 hours before, a slot still unconfirmed is freed and offered to the other volunteers. */
export async function offerUnconfirmedSlots(ctx: EventsContext, maxRecipients = 50): Promise<number> {
  const now = clock.now().getTime();
  const due = await data.unconfirmedSignupsStartingBetween(ctx.db, new Date(now).toISOString(), new Date(now + 24 * HOUR).toISOString());
  let offered = 0;
  for (const s of due) {
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await data.moveSignup(trx, s.id, ['inscrit'], { status: 'libere' }))) return;
      await data.releaseSlot(trx, s.shift_id);
      const body = eventTexts.shiftOffered(s.label, s.event_title, s.starts_at, `${ctx.publicUrl}/benevole`);
      for (const v of await data.otherReachableVolunteers(trx, s.shift_id, maxRecipients)) {
        if (v.id === s.volunteer_id) continue;
        await enqueueMessage(trx as unknown as DB, { channel: 'sms', to: v.telephone!, body, dedupeKey: `shift-offer:${s.id}:${v.id}` });
      }
      offered += 1;
    });
  }
  return offered;
}

export async function runEventJobsOnce(ctx: EventsContext) {
  return {
    released: await releaseExpiredHolds(ctx),
    promoted: await promoteWhereSeatsAreFree(ctx),
    reminders: await queueDayBeforeReminders(ctx),
    confirmations: await queueShiftConfirmations(ctx),
    offered: await offerUnconfirmedSlots(ctx),
  };
}

export const EVENT_JOBS_INTERVAL_MS = 60_000;

export function eventJobsSchedule(ctx: EventsContext): PeriodicPass {
  return periodicPass('events jobs', () => runEventJobsOnce(ctx), ctx.log, { intervalMs: EVENT_JOBS_INTERVAL_MS });
}
