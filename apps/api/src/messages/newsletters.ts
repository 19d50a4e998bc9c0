import { randomBytes } from 'node:crypto';
import { type DB, nowIso } from '../db/database';
import { sql } from 'kysely';
import { likePattern, type PageQuery, pageOffset } from '../lib/pagination';
import { type AuditActor, recordAudit } from '../services/audit/record-audit';
import { outboxRow } from './outbox';
import { newsletterEmail } from './templates';

// Newsletter sending: one outbox e-mail per active subscriber, each with its own unsubscribe link and
// List-Unsubscribe header (RFC 2369, plus RFC 8058 one-click). Unsubscribing removes the subscription, so
// the address gets nothing more and subscribing again simply creates a new one.

const BATCH = 500;
const newToken = () => randomBytes(24).toString('base64url');

export const unsubscribeUrl = (publicUrl: string, token: string) => `${publicUrl}/api/unsubscribe/${token}`;

export async function countSubscribers(db: DB): Promise<number> {
  const row = await db
    .selectFrom('newsletter_subscriptions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function sendNewsletter(
  db: DB,
  input: { subject: string; body: string },
  actor: AuditActor,
  publicUrl: string,
): Promise<{ id: number; recipients: number }> {
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const send = await trx
      .insertInto('newsletter_sends')
      .values({ subject: input.subject, body: input.body, recipients: 0, created_by: actor.id, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    let recipients = 0;
    let afterId = 0;
    for (;;) {
      const subscribers = await trx
        .selectFrom('newsletter_subscriptions')
        .select(['id', 'email', 'unsubscribe_token'])
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(BATCH)
        .execute();
      if (subscribers.length === 0) break;
      afterId = subscribers[subscribers.length - 1]!.id;
      const rows = [];
      for (const s of subscribers) {
        let token = s.unsubscribe_token;
        if (!token) {
          token = newToken();
          await trx.updateTable('newsletter_subscriptions').set({ unsubscribe_token: token }).where('id', '=', s.id).execute();
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
      await trx.insertInto('outbox_messages').values(rows).execute();
      recipients += rows.length;
    }
    await trx.updateTable('newsletter_sends').set({ recipients }).where('id', '=', send.id).execute();
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'newsletter.send',
      entity: 'newsletter',
      entityId: send.id,
      ip: actor.ip,
      after: { subject: input.subject, recipients },
    });
    return { id: send.id, recipients };
  });
}

export async function listNewsletterSends(db: DB, page: PageQuery) {
  let query = db.selectFrom('newsletter_sends');
  if (page.q) query = query.where((eb) => sql<boolean>`lower(${eb.ref('subject')}) like ${likePattern(page.q!.toLowerCase())} escape '\\'`);
  const [sends, count] = await Promise.all([
    query
      .select(['id', 'subject', 'recipients', 'created_at'])
      .orderBy('id', 'desc')
      .limit(page.per_page)
      .offset(pageOffset(page))
      .execute(),
    db
      .selectFrom('newsletter_sends')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const ids = sends.map((s) => s.id);
  const counts = ids.length
    ? await db
        .selectFrom('outbox_messages')
        .select(['newsletter_send_id', 'status', (eb) => eb.fn.countAll<number>().as('n')])
        .where('newsletter_send_id', 'in', ids)
        .where('status', 'in', ['sent', 'failed'])
        .groupBy(['newsletter_send_id', 'status'])
        .execute()
    : [];
  const countOf = (id: number, status: string) => Number(counts.find((c) => c.newsletter_send_id === id && c.status === status)?.n ?? 0);
  return {
    items: sends.map((s) => ({ ...s, sent: countOf(s.id, 'sent'), failed: countOf(s.id, 'failed') })),
    total: Number(count.n),
  };
}

/** True when the token named a subscription (now removed); its queued newsletters are dropped too. */
export async function unsubscribe(db: DB, token: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const sub = await trx
      .selectFrom('newsletter_subscriptions')
      .select(['id', 'email'])
      .where('unsubscribe_token', '=', token)
      .executeTakeFirst();
    if (!sub) return false;
    await trx.deleteFrom('newsletter_subscriptions').where('id', '=', sub.id).execute();
    // Newsletters queued but not yet sent to this address stay unsent.
    await trx
      .updateTable('outbox_messages')
      .set({ status: 'failed', last_error: 'désinscrit', updated_at: nowIso() })
      .where('to_address', '=', sub.email)
      .where('newsletter_send_id', 'is not', null)
      .where('status', '=', 'queued')
      .execute();
    return true;
  });
}
