import { ORGANISATION } from '@shared/constants';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../platform/database/database';
import { clock } from '../../platform/lib/clock';
import { type PeriodicPass, periodicPass } from '../../platform/lib/periodic-pass';
import { enqueueMessage } from '../messages';
import { membersEndingBetween } from './data';
import { addDays } from './period';

// Membership reminders: 30 and 7 days before the end of a period and 7 days after it. Each is queued
// once per account, period end and kind through the outbox's dedupe key, so a restart, a second pass
// or a second server process never sends it twice. A pass catches up on a missed day (the server was
// down) within a week, then gives up rather than send a stale reminder.

export type ReminderKind = 'j-30' | 'j-7' | 'j+7';

const KINDS: Array<{ kind: ReminderKind; offset: number }> = [
  { kind: 'j-30', offset: -30 },
  { kind: 'j-7', offset: -7 },
  { kind: 'j+7', offset: 7 },
];
const CATCH_UP_DAYS = 6;
export const REMINDER_INTERVAL_MS = 60 * 60_000;
const FIRST_PASS_DELAY_MS = 60_000;

const frenchDate = (date: string) =>
  new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

/** The SMS (≤ 300 characters) and e-mail of one reminder. */
export function reminderText(kind: ReminderKind, name: string, validUntil: string, renewUrl: string) {
  const first = name.trim().split(/\s+/)[0] || name;
  const date = frenchDate(validUntil);
  const sms =
    kind === 'j+7'
      ? `${ORGANISATION.shortName} : bonjour ${first}, votre adhésion a expiré le ${date}. Renouvelez votre cotisation : ${renewUrl}`
      : `${ORGANISATION.shortName} : bonjour ${first}, votre adhésion prend fin le ${date}. Renouvelez votre cotisation : ${renewUrl}`;
  const subject = kind === 'j+7' ? 'Votre adhésion a expiré' : 'Votre adhésion arrive à échéance';
  return { subject, sms, text: `${sms}\n\nMerci pour votre engagement.\n${ORGANISATION.name}` };
}

/** One pass: queues every reminder due today (per the settable clock). Returns how many were newly queued. */
export async function queueDueReminders(db: DB, publicUrl: string): Promise<number> {
  const today = clock.today();
  const renewUrl = `${publicUrl}/paiement?type=cotisation`;
  let queued = 0;
  for (const { kind, offset } of KINDS) {
    // Reminder day = valid_until + offset, so due periods end between today - offset - catch-up and today - offset.
    const latestEnd = addDays(today, -offset);
    const earliestEnd = addDays(latestEnd, -CATCH_UP_DAYS);
    const due = await membersEndingBetween(db, earliestEnd, latestEnd);
    for (const person of due) {
      const text = reminderText(kind, person.name, person.valid_until, renewUrl);
      const dedupeKey = `membership-reminder:${person.id}:${person.valid_until}:${kind}`;
      // The same keys notifyPerson would use, with the SMS's answer telling whether it was new.
      if (await enqueueMessage(db, { channel: 'sms', to: person.telephone, body: text.sms, dedupeKey: `${dedupeKey}:sms` })) queued += 1;
      if (person.email) {
        await enqueueMessage(db, {
          channel: 'email',
          to: person.email,
          subject: text.subject,
          body: text.text,
          dedupeKey: `${dedupeKey}:email`,
        });
      }
    }
  }
  return queued;
}

/** Runs the reminders shortly after `start()`, then every hour until `stop()`; the routes tie these to onReady/onClose. */
export function reminderSchedule(db: DB, publicUrl: string, log: FastifyBaseLogger): PeriodicPass {
  // The dedupe keys make extra passes (restarts, several processes) harmless.
  return periodicPass('membership reminders', () => queueDueReminders(db, publicUrl), log, {
    intervalMs: REMINDER_INTERVAL_MS,
    firstDelayMs: FIRST_PASS_DELAY_MS,
  });
}
