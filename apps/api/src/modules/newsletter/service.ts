import { NEWSLETTER_MESSAGES } from '@shared/schemas/newsletter';
import { type DB, nowIso } from '../../platform/database/database';
import { isUniqueViolation } from '../../platform/database/unique-violation';
import type { SeekPageQuery } from '../../platform/lib/pagination';
import { recordConsent } from '../privacy';
import { insertSubscription, pageOfSubscribers, subscriptionExists } from './data';

/**
 * Subscribes once; a repeat (even a concurrent one) is answered kindly. The e-mail arrives lower-cased. A new
 * subscription records the newsletter consent it was given with (docs/product/personal-data.md — Consent).
 */
export async function subscribe(db: DB, email: string, ip: string | null = null): Promise<{ message: string; isNew: boolean }> {
  if (await subscriptionExists(db, email)) return { message: NEWSLETTER_MESSAGES.alreadySubscribed, isNew: false };
  try {
    await db.transaction().execute(async (trx) => {
      await insertSubscription(trx, email, nowIso());
      await recordConsent(trx, 'newsletter', true, { email, channel: 'web', source: 'newsletter_form', ip });
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { message: NEWSLETTER_MESSAGES.alreadySubscribed, isNew: false };
    throw error;
  }
  return { message: NEWSLETTER_MESSAGES.subscribed, isNew: true };
}

export const listSubscribers = (db: DB, page: SeekPageQuery) => pageOfSubscribers(db, page);
