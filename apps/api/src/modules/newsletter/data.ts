import { countMatches } from '../../platform/database/bounded-search';
import { type Insertable, sql } from 'kysely';
import type { DB } from '../../platform/database/database';
import type { OutboxMessagesTable } from '../../platform/database/schema';
import { keptCount } from '../../platform/database/kept-counts';
import { likePattern, newestFirstSeek, type SeekPageQuery } from '../../platform/lib/pagination';

// The newsletter area's queries: subscriptions, sends, and the outbox rows a send queues or an unsubscribe drops.

export async function subscriptionExists(db: DB, email: string): Promise<boolean> {
  const row = await db.selectFrom('newsletter_subscriptions').select('id').where('email', '=', email).executeTakeFirst();
  return row !== undefined;
}

export async function insertSubscription(db: DB, email: string, createdAt: string): Promise<void> {
  await db.insertInto('newsletter_subscriptions').values({ email, created_at: createdAt }).execute();
}

/** One page of subscribers, newest first (by seek: platform/lib/pagination.ts), the kept total and the next cursor. */
export async function pageOfSubscribers(db: DB, page: SeekPageQuery) {
  const total = await countSubscriptions(db);
  const { rows, next } = await newestFirstSeek(
    db.selectFrom('newsletter_subscriptions').select(['id', 'email', 'created_at']),
    page,
    total,
  );
  return { items: rows, total, next };
}

/** The subscribers list's rows for its CSV export. */
export const subscribersExportQuery = (db: DB) => db.selectFrom('newsletter_subscriptions').select(['id', 'email', 'created_at']);

/** The subscribers, counted by the triggers (migration 20261127_0400). */
export const countSubscriptions = (db: DB): Promise<number> => keptCount(db, ['newsletter_subscriptions']);

/** One batch of subscribers after `afterId`, in id order. */
export function subscribersAfter(trx: DB, afterId: number, limit: number) {
  return trx
    .selectFrom('newsletter_subscriptions')
    .select(['id', 'email', 'unsubscribe_token'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function setUnsubscribeToken(trx: DB, id: number, token: string): Promise<void> {
  await trx.updateTable('newsletter_subscriptions').set({ unsubscribe_token: token }).where('id', '=', id).execute();
}

export async function insertSend(
  trx: DB,
  values: { subject: string; body: string; created_by: number; created_at: string },
): Promise<number> {
  const row = await trx
    .insertInto('newsletter_sends')
    .values({ ...values, recipients: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setSendRecipients(trx: DB, id: number, recipients: number): Promise<void> {
  await trx.updateTable('newsletter_sends').set({ recipients }).where('id', '=', id).execute();
}

export async function queueNewsletterEmails(trx: DB, rows: Insertable<OutboxMessagesTable>[]): Promise<void> {
  await trx.insertInto('outbox_messages').values(rows).execute();
}

/**
 * One page of sends (searched by subject), newest first by seek, their total (kept by the triggers, or the matches of
 * a search), the next page's cursor, and each listed send's sent and failed counts.
 */
export async function pageOfSends(db: DB, page: SeekPageQuery) {
  let query = db.selectFrom('newsletter_sends');
  if (page.q) query = query.where((eb) => sql<boolean>`lower(${eb.ref('subject')}) like ${likePattern(page.q!.toLowerCase())} escape '\\'`);
  const total = page.q ? await countMatches(db, query) : await keptCount(db, ['newsletter_sends']);
  const { rows: sends, next } = await newestFirstSeek(query.select(['id', 'subject', 'recipients', 'created_at']), page, total);
  const ids = sends.map((s) => s.id);
  const counts = ids.length
    ? await db
        .selectFrom('outbox_messages')
        .select(['newsletter_send_id', 'status', (eb) => eb.fn.countAll<number>().as('n')])
        .where('newsletter_send_id', 'in', ids)
        .where('status', 'in', ['sent', 'kept', 'failed'])
        .groupBy(['newsletter_send_id', 'status'])
        .execute()
    : [];
  return { sends, total, next, counts };
}

export function findSubscriptionByToken(trx: DB, token: string) {
  return trx.selectFrom('newsletter_subscriptions').select(['id', 'email']).where('unsubscribe_token', '=', token).executeTakeFirst();
}

export async function deleteSubscription(trx: DB, id: number): Promise<void> {
  await trx.deleteFrom('newsletter_subscriptions').where('id', '=', id).execute();
}

/** Newsletters queued but not yet sent to this address stay unsent. */
export async function dropQueuedNewsletters(trx: DB, email: string, now: string): Promise<void> {
  await trx
    .updateTable('outbox_messages')
    .set({ status: 'failed', last_error: 'désinscrit', updated_at: now })
    .where('to_address', '=', email)
    .where('newsletter_send_id', 'is not', null)
    .where('status', '=', 'queued')
    .execute();
}
