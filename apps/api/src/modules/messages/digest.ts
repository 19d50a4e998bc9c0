import type { DB } from '../../platform/database/database';
import { anyDedupeKeyUsed, confirmedAdministrators, countWaitingForDigest } from './data';
import { notifyPerson } from './outbox';
import { toE164 } from '../../platform/lib/phone';
import { type DigestCounts, digestNotice } from './templates';

// The administrators' daily digest of what waits for them. Sent from 07:00 Benin time (UTC+1) on the
// first check that finds something waiting; the dedupe key carries the date, so whichever process checks
// first sends it and every other check that day changes nothing.

const BENIN_OFFSET_MS = 3_600_000;
export const DIGEST_HOUR = 7;

/** The Benin calendar date and hour of an instant. */
function beninClock(now: Date): { date: string; hour: number } {
  const local = new Date(now.getTime() + BENIN_OFFSET_MS);
  return { date: local.toISOString().slice(0, 10), hour: local.getUTCHours() };
}

export async function waitingCounts(db: DB, now: Date): Promise<DigestCounts> {
  return countWaitingForDigest(db, new Date(now.getTime() - 86_400_000).toISOString());
}

/** Queues today's digest to each administrator when something waits; returns how many were queued. */
export async function queueDailyDigest(db: DB, publicUrl: string, now: Date = new Date()): Promise<number> {
  const { date, hour } = beninClock(now);
  if (hour < DIGEST_HOUR) return 0;
  const admins = await confirmedAdministrators(db);
  if (admins.length === 0) return 0;
  const keys = admins.flatMap((a) => [`digest:${date}:${a.id}:sms`, `digest:${date}:${a.id}:email`]);
  if (await anyDedupeKeyUsed(db, keys)) return 0;
  const counts = await waitingCounts(db, now);
  if (counts.accounts + counts.volunteers + counts.testimonials + counts.projects === 0) return 0;
  const notice = digestNotice(counts, publicUrl);
  for (const admin of admins) {
    await notifyPerson(
      db,
      { telephone: toE164(admin.telephone), email: admin.email?.trim() || null },
      { ...notice, dedupeKey: `digest:${date}:${admin.id}` },
    );
  }
  return admins.length;
}

/** Runs the digest check at most every `everyMs` in this process (the worker's tick calls it). */
export function digestScheduler(db: DB, publicUrl: string, everyMs = 10 * 60_000) {
  let last = 0;
  return async (now: Date) => {
    if (now.getTime() - last < everyMs) return;
    last = now.getTime();
    await queueDailyDigest(db, publicUrl, now);
  };
}
