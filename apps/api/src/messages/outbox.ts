import type { DB } from '../db/database';
import { nowIso } from '../db/database';
import { toE164 } from './phone';

// The one way the platform speaks to people: a row in outbox_messages. The request that causes a
// message only inserts it (inside its own transaction when it has one); a worker sends it later.

export type MessageChannel = 'sms' | 'email';

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
}

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
    status: 'queued',
    last_error: null,
    next_attempt_at: now,
    locked_until: null,
    created_at: now,
    sent_at: null,
    updated_at: now,
  };
}

/** Queues one message; returns false when its dedupe key was already used. Pass a transaction to queue atomically with a change. */
export async function enqueueMessage(db: DB, message: OutgoingMessage): Promise<boolean> {
  const result = await db
    .insertInto('outbox_messages')
    .values(outboxRow(message))
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
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
  notice: { subject: string; sms: string; text?: string; html?: string | null; dedupeKey?: string | null },
): Promise<void> {
  if (to.telephone) {
    await enqueueMessage(db, {
      channel: 'sms',
      to: to.telephone,
      body: notice.sms,
      dedupeKey: notice.dedupeKey ? `${notice.dedupeKey}:sms` : null,
    });
  }
  if (to.email) {
    await enqueueMessage(db, {
      channel: 'email',
      to: to.email,
      subject: notice.subject,
      body: notice.text ?? notice.sms,
      html: notice.html ?? null,
      dedupeKey: notice.dedupeKey ? `${notice.dedupeKey}:email` : null,
    });
  }
}
