import type { DB } from '../../platform/database/database';
import { nowIso } from '../../platform/database/database';
import { toE164 } from '../../platform/lib/phone';
import { sealText } from '../../platform/storage/sealed-text';
import { countKeyedMessagesSince, insertOutboxRow, lockSmsQueue } from './data';

// The one way the platform speaks to people: a row in outbox_messages. The request that causes a
// message only inserts it (inside its own transaction when it has one); a worker sends it later.

export type MessageChannel = 'sms' | 'email' | 'whatsapp';

export interface OutgoingMessage {
  channel: MessageChannel;
  /** E.164 telephone for SMS, e-mail address for e-mail. */
  to: string;
  subject?: string | null;
  /** Plain text: the SMS itself, or the e-mail's text part. */
  body: string;
  /** Optional HTML part of an e-mail. */
  html?: string | null;
  /** Extra e-mail headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string> | null;
  /** When set, a message with the same key is queued at most once, ever (send-once rules). */
  dedupeKey?: string | null;
  /** What it is for (code, recu, rappel, echeance, billet, avis, stop): picks the WhatsApp template; codes and receipts ignore « STOP ». */
  category?: string | null;
  /**
   * A one-time code: body and html carry CODE_MASK where it goes (what the outbox list and export show); the
   * worker puts the code in place only in what it hands to the provider, then forgets it.
   */
  secret?: string | null;
}

/** What a message costs, until the worker knows better (an SMS sent by WhatsApp becomes whatsapp_utility…). */
const COST_CATEGORY: Record<MessageChannel, string> = { sms: 'sms', email: 'email', whatsapp: 'whatsapp_service' };

/** The outbox row of a message, queued now (also used by the newsletter's batch insert). */
export function outboxRow(message: OutgoingMessage, now = nowIso()) {
  return {
    channel: message.channel,
    // SMS go to E.164 numbers whatever spelling the caller had (01 97…, 97…, +229…).
    to_address: message.channel === 'sms' ? (toE164(message.to) ?? message.to) : message.to,
    subject: message.subject ?? null,
    body: message.body,
    html: message.html ?? null,
    headers: message.headers ? JSON.stringify(message.headers) : null,
    dedupe_key: message.dedupeKey ?? null,
    // Sealed under the data key until the worker sends it (platform/storage/sealed-text.ts): never at rest in clear.
    secret: message.secret ? sealText(message.secret) : null,
    status: 'queued',
    last_error: null,
    next_attempt_at: now,
    locked_until: null,
    created_at: now,
    sent_at: null,
    updated_at: now,
    category: message.category ?? null,
    cost_category: COST_CATEGORY[message.channel],
    provider_message_id: null,
    delivery_status: null,
    delivery_error: null,
    fallback_of: null,
  };
}

/** Queues one message; returns false when its dedupe key was already used. Pass a transaction to queue atomically with a change. */
export async function enqueueMessage(db: DB, message: OutgoingMessage): Promise<boolean> {
  return insertOutboxRow(db, outboxRow(message));
}

/**
 * How many messages to one address with a dedupe key starting with `keyPrefix` were queued since `since` (an SMS
 * counted under its E.164 number, whatever spelling the caller has): for a per-address limit, counted by the caller
 * under its own lock so that two requests do not both pass it.
 */
/** Taken before countMessagesSince in a transaction that then queues an SMS: see lockSmsQueue (data.ts). */
export function lockSmsCounting(db: DB): Promise<void> {
  return lockSmsQueue(db, nowIso().slice(0, 7));
}

export async function countMessagesSince(db: DB, query: { to: string; keyPrefix: string; since: string }): Promise<number> {
  return countKeyedMessagesSince(db, toE164(query.to) ?? query.to, query.keyPrefix, query.since);
}

export interface Recipient {
  /** The person's telephone as stored (normalised to E.164 by the messages module before queuing). */
  telephone?: string | null;
  email?: string | null;
}

/**
 * Queues the same notice to a person's phone (SMS) and, when they have one, their e-mail.
 * `dedupeKey` is suffixed per channel, so each channel is sent once.
 */
export async function notifyPerson(
  db: DB,
  to: Recipient,
  notice: {
    subject: string;
    sms: string;
    text?: string;
    html?: string | null;
    dedupeKey?: string | null;
    secret?: string | null;
    category?: string | null;
  },
): Promise<void> {
  if (to.telephone) {
    await enqueueMessage(db, {
      channel: 'sms',
      to: to.telephone,
      body: notice.sms,
      secret: notice.secret ?? null,
      dedupeKey: notice.dedupeKey ? `${notice.dedupeKey}:sms` : null,
      category: notice.category ?? null,
    });
  }
  if (to.email) {
    await enqueueMessage(db, {
      channel: 'email',
      to: to.email,
      subject: notice.subject,
      body: notice.text ?? notice.sms,
      html: notice.html ?? null,
      secret: notice.secret ?? null,
      dedupeKey: notice.dedupeKey ? `${notice.dedupeKey}:email` : null,
      category: notice.category ?? null,
    });
  }
}
