import { randomBytes } from 'node:crypto';
import { type DB, nowIso } from '../../platform/database/database';
import type { SeekPageQuery } from '../../platform/lib/pagination';
import {
  countSubscriptions,
  deleteSubscription,
  dropQueuedNewsletters,
  findSubscriptionByToken,
  insertSend,
  pageOfSends,
  queueNewsletterEmails,
  setSendRecipients,
  setUnsubscribeToken,
  subscribersAfter,
} from './data';
import { type AuditActor, recordAudit } from '../audit';
import { newsletterEmail, outboxRow } from '../messages';
import { recordConsent } from '../privacy';

// Newsletter sending: one outbox e-mail per active subscriber, each with its own unsubscribe link and
// List-Unsubscribe header (RFC 2369, plus RFC 8058 one-click). Unsubscribing removes the subscription, so
// the address gets nothing more and subscribing again simply creates a new one.

const BATCH = 500;
const newToken = () => randomBytes(24).toString('base64url');

export const unsubscribeUrl = (publicUrl: string, token: string) => `${publicUrl}/api/unsubscribe/${token}`;

export const countSubscribers = (db: DB) => countSubscriptions(db);

export async function sendNewsletter(
  db: DB,
  input: { subject: string; body: string },
  actor: AuditActor,
  publicUrl: string,
): Promise<{ id: number; recipients: number }> {
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const send = { id: await insertSend(trx, { subject: input.subject, body: input.body, created_by: actor.id, created_at: now }) };
    let recipients = 0;
    let afterId = 0;
    for (;;) {
      const subscribers = await subscribersAfter(trx, afterId, BATCH);
      if (subscribers.length === 0) break;
      afterId = subscribers[subscribers.length - 1]!.id;
      const rows = [];
      for (const s of subscribers) {
        let token = s.unsubscribe_token;
        if (!token) {
          token = newToken();
          await setUnsubscribeToken(trx, s.id, token);
        }
        const link = unsubscribeUrl(publicUrl, token);
        const { text, html } = newsletterEmail(input.subject, input.body, link);
        rows.push({
          ...outboxRow(
            {
              channel: 'email',
              to: s.email,
              subject: input.subject,
              body: text,
              html,
              headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
              dedupeKey: `newsletter:${send.id}:${s.id}`,
            },
            now,
          ),
          newsletter_send_id: send.id,
        });
      }
      await queueNewsletterEmails(trx, rows);
      recipients += rows.length;
    }
    await setSendRecipients(trx, send.id, recipients);
    await recordAudit(trx, {
      actorId: actor.id,
      actingId: actor.actingId,
      action: 'newsletter.send',
      entity: 'newsletter',
      entityId: send.id,
      ip: actor.ip,
      after: { subject: input.subject, recipients },
    });
    return { id: send.id, recipients };
  });
}

export async function listNewsletterSends(db: DB, page: SeekPageQuery) {
  const { sends, total, next, counts } = await pageOfSends(db, page);
  const countOf = (id: number, status: string) => Number(counts.find((c) => c.newsletter_send_id === id && c.status === status)?.n ?? 0);
  return {
    items: sends.map((s) => ({ ...s, sent: countOf(s.id, 'sent'), kept: countOf(s.id, 'kept'), failed: countOf(s.id, 'failed') })),
    total,
    next,
  };
}

/** True when the token names a live subscription (the unsubscribe page asks for its click). */
export async function isSubscribed(db: DB, token: string): Promise<boolean> {
  return (await findSubscriptionByToken(db, token)) !== undefined;
}

/** True when the token named a subscription (now removed); its queued newsletters are dropped too. */
export async function unsubscribe(db: DB, token: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const sub = await findSubscriptionByToken(trx, token);
    if (!sub) return false;
    await deleteSubscription(trx, sub.id);
    await recordConsent(trx, 'newsletter', false, { email: sub.email, channel: 'lien', source: 'unsubscribe' });
    // Newsletters queued but not yet sent to this address stay unsent.
    await dropQueuedNewsletters(trx, sub.email, nowIso());
    return true;
  });
}
