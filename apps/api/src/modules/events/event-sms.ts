import { LIMITS } from '@shared/constants';
import type { DB } from '../../platform/database/database';
import { clock } from '../../platform/lib/clock';
import { toE164 } from '../../platform/lib/phone';
import { countMessagesSince, enqueueMessage, lockSmsCounting } from '../messages';
import type * as data from './data';

// Every SMS of the events area to a registrant's telephone leaves through here. Anyone may type any telephone on the
// registration form, and each thing done with a registration (its ticket or waiting-list notice, its cancellation, a
// promotion from the waiting list, the day-before reminder) texts that number: so one telephone receives at most
// LIMITS.eventSmsPerTelephonePerDay of them in 24 hours, whatever sent them (docs/product/events.md). Past it the
// action still happens and its page shows the result; only the SMS is not queued.

/** The dedupe keys of the events area's SMS to registrants all start with it: the limit counts the outbox by it. */
const EVENT_SMS_KEY_PREFIX = 'event-';
const DAY_MS = 24 * 3600_000;

/**
 * Queues one SMS of the events area to `to` (E.164), counted with every other event SMS that number received in the
 * last 24 hours, under the outbox's SMS lock (lockSmsCounting; PostgreSQL; SQLite's one writer serialises anyway): true when queued.
 * `db` must be a transaction, so that the lock holds until the message is written. `unlimited` sends it whatever the
 * count (an administrator's cancellation of a whole event: nobody outside can trigger it, and the person must know);
 * it still counts toward the limit of what comes after.
 */
export async function queueEventSms(
  db: data.Executor,
  message: { to: string; body: string; dedupeKey: string },
  options: { unlimited?: boolean } = {},
): Promise<boolean> {
  if (!message.dedupeKey.startsWith(EVENT_SMS_KEY_PREFIX)) throw new Error(`event SMS dedupe key without its prefix: ${message.dedupeKey}`);
  const to = toE164(message.to) ?? message.to;
  if (!options.unlimited) {
    await lockSmsCounting(db as DB);
    // The outbox stamps its rows with the real time, as the clock reads it outside tests.
    const since = new Date(clock.now().getTime() - DAY_MS).toISOString();
    if ((await countMessagesSince(db as DB, { to, keyPrefix: EVENT_SMS_KEY_PREFIX, since })) >= LIMITS.eventSmsPerTelephonePerDay)
      return false;
  }
  return enqueueMessage(db as DB, { channel: 'sms', to, body: message.body, dedupeKey: message.dedupeKey });
}
