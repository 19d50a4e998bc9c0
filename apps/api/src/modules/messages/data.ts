import { countMatches } from '../../platform/database/bounded-search';
import { type Insertable, sql } from 'kysely';
import { type DB, isPostgres } from '../../platform/database/database';
import type { OutboxMessagesTable } from '../../platform/database/schema';
import { keptCount } from '../../platform/database/kept-counts';
import { likePattern, newestFirstSeek, type SeekPageQuery } from '../../platform/lib/pagination';
import { toE164 } from '../../platform/lib/phone';

// The messages area's queries: the outbox (queue, claim, outcome, support view) and what the daily digest counts.

/** Inserts one outbox row unless its dedupe key was already used; true when inserted. */
export async function insertOutboxRow(db: DB, row: Insertable<OutboxMessagesTable>): Promise<boolean> {
  const result = await db
    .insertInto('outbox_messages')
    .values(row)
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export type ClaimedRow = Pick<
  OutboxMessagesTable,
  'channel' | 'to_address' | 'subject' | 'body' | 'html' | 'headers' | 'status' | 'last_error' | 'category' | 'fallback_of'
> & {
  id: number;
  attempts: number;
  /** A one-time code the body carries masked; forgotten once the message is sent or given up. */
  secret: string | null;
};

/**
 * Claims up to `limit` due rows: one UPDATE … RETURNING that sets a lease (locked_until) and counts the attempt; on
 * PostgreSQL the rows are picked with FOR UPDATE SKIP LOCKED so concurrent workers take disjoint rows without
 * waiting, on SQLite the single writer makes the UPDATE atomic. Oldest first.
 */
export async function claimDueMessages(db: DB, now: string, lease: string, limit: number): Promise<ClaimedRow[]> {
  let due = db
    .selectFrom('outbox_messages')
    .select('id')
    .where('status', '=', 'queued')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .orderBy('id')
    .limit(limit);
  if (isPostgres(db)) due = due.forUpdate().skipLocked();
  const rows = (await db
    .updateTable('outbox_messages')
    .set({ locked_until: lease, attempts: sql`attempts + 1`, updated_at: now })
    .where('id', 'in', due)
    .returning([
      'id',
      'channel',
      'to_address',
      'subject',
      'body',
      'html',
      'headers',
      'status',
      'attempts',
      'last_error',
      'category',
      'fallback_of',
      'secret',
    ])
    .execute()) as ClaimedRow[];
  // RETURNING follows no order on PostgreSQL: oldest first, as queued.
  return rows.sort((a, b) => a.id - b.id);
}

/** Gives claimed rows back untouched: the lease and the counted attempt are undone. */
export async function releaseClaims(db: DB, ids: number[], now: string): Promise<void> {
  await db
    .updateTable('outbox_messages')
    .set({ locked_until: null, attempts: sql`attempts - 1`, updated_at: now })
    .where('id', 'in', ids)
    .where('status', '=', 'queued')
    .execute();
}

export async function recordSendFailure(
  db: DB,
  id: number,
  outcome: { status: 'failed' | 'queued'; last_error: string; secret?: null; next_attempt_at: string; updated_at: string },
): Promise<void> {
  await db
    .updateTable('outbox_messages')
    .set({ ...outcome, locked_until: null })
    .where('id', '=', id)
    .execute();
}

/** `keepSecret`: a code sent by WhatsApp keeps it until the delivery report (its SMS fallback must carry it). */
export async function recordSent(db: DB, id: number, at: string, options: { keepSecret?: boolean; kept?: boolean } = {}): Promise<void> {
  await db
    .updateTable('outbox_messages')
    .set({
      status: options.kept ? 'kept' : 'sent',
      sent_at: at,
      locked_until: null,
      last_error: null,
      ...(options.keepSecret ? {} : { secret: null }),
      updated_at: at,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * The notice telling a person their data is erased, once sent (or given up): its address and words go, as every other
 * message to them went with the erasure (modules/privacy).
 */
export async function forgetMessage(db: DB, id: number, at: string): Promise<void> {
  await db
    .updateTable('outbox_messages')
    .set({ to_address: 'effacé', subject: null, body: '', html: null, headers: null, secret: null, updated_at: at })
    .where('id', '=', id)
    .execute();
}

/** A message held back because the person answered « STOP » on its channel. */
export async function recordSuppressed(db: DB, id: number, reason: string, at: string): Promise<void> {
  await db
    .updateTable('outbox_messages')
    .set({ status: 'failed', last_error: reason, secret: null, locked_until: null, updated_at: at })
    .where('id', '=', id)
    .execute();
}

export interface OutboxFilter {
  channel?: 'sms' | 'email' | 'whatsapp';
  to?: string;
}

/**
 * The outbox rows the support view shows for these filters (its CSV export reads the same query). A telephone filter
 * matches the number in any spelling (it is stored in E.164); anything else matches part of the address.
 */
export function filteredOutbox(db: DB, filter: OutboxFilter) {
  let query = db.selectFrom('outbox_messages');
  if (filter.channel) query = query.where('channel', '=', filter.channel);
  const to = filter.to?.trim();
  if (to) {
    const phone = /^[+\d\s.\-()]+$/.test(to) ? toE164(to) : null;
    query = phone
      ? query.where('to_address', '=', phone)
      : query.where((eb) => sql<boolean>`lower(${eb.ref('to_address')}) like ${likePattern(to.toLowerCase())} escape '\\'`);
  }
  return query;
}

const OUTBOX_VIEW_COLUMNS = [
  'id',
  'channel',
  'to_address',
  'subject',
  'body',
  'status',
  'attempts',
  'last_error',
  'cost_category',
  'delivery_status',
  'delivery_error',
  'created_at',
  'sent_at',
] as const;

/**
 * One page of the outbox, newest first (by seek: platform/lib/pagination.ts), its total and the next page's cursor.
 * All messages or one channel are counted by the triggers (migration 20261127_0400); a recipient filter counts its rows.
 */
export async function pageOfOutbox(db: DB, filter: OutboxFilter, page: SeekPageQuery) {
  const query = filteredOutbox(db, filter);
  const total = filter.to?.trim()
    ? await countMatches(db, query)
    : await keptCount(db, [filter.channel ? `outbox_messages:channel:${filter.channel}` : 'outbox_messages']);
  const { rows, next } = await newestFirstSeek(query.select(OUTBOX_VIEW_COLUMNS), page, total);
  return { rows, total, next };
}

/** The support view's rows for its CSV export, with the view's filters. */
export const outboxExportQuery = (db: DB, filter: OutboxFilter) => filteredOutbox(db, filter).select(OUTBOX_VIEW_COLUMNS);

// --- the daily digest ---

const countOf = async (q: Promise<{ n: number | string | bigint }>) => Number((await q).n);

/** What waits for administrators: accounts and volunteers to confirm, testimonials to publish, projects of the last day. */
export async function countWaitingForDigest(db: DB, dayAgo: string) {
  const [accounts, volunteers, testimonials, projects] = await Promise.all([
    countOf(
      db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('is_confirmed', '=', 0)
        .executeTakeFirstOrThrow(),
    ),
    countOf(
      db
        .selectFrom('volunteers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('is_confirmed', '=', 0)
        .where('refused_at', 'is', null)
        .executeTakeFirstOrThrow(),
    ),
    countOf(
      db
        .selectFrom('testimonials')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('is_published', '=', 0)
        .executeTakeFirstOrThrow(),
    ),
    countOf(
      db
        .selectFrom('projects')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('created_at', '>', dayAgo)
        .executeTakeFirstOrThrow(),
    ),
  ]);
  return { accounts, volunteers, testimonials, projects };
}

export function confirmedAdministrators(db: DB) {
  return db
    .selectFrom('users')
    .select(['id', 'telephone', 'email'])
    .where('role', '=', 'administrateur')
    .where('is_confirmed', '=', 1)
    .execute();
}

/**
 * How many messages to this address, whose dedupe key starts with `keyPrefix` (letters, digits and dashes), were
 * queued since `since`: what a per-address limit counts (the events area's SMS per telephone).
 */
export async function countKeyedMessagesSince(db: DB, to: string, keyPrefix: string, since: string): Promise<number> {
  if (!/^[A-Za-z0-9-]+$/.test(keyPrefix)) throw new Error(`unsafe dedupe key prefix: ${keyPrefix}`);
  const row = await db
    .selectFrom('outbox_messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('to_address', '=', to)
    .where('dedupe_key', 'like', `${keyPrefix}%`)
    .where('created_at', '>=', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function anyDedupeKeyUsed(db: DB, keys: string[]): Promise<boolean> {
  const row = await db.selectFrom('outbox_messages').select('id').where('dedupe_key', 'in', keys).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** A member's telephone and e-mail, standing in for missing ones on a money notice. */
export function findUserContact(db: DB, userId: number) {
  return db.selectFrom('users').select(['telephone', 'email']).where('id', '=', userId).executeTakeFirst();
}

// --- WhatsApp: the person's channel choice (consents) and what a WhatsApp send records ---

/** The person's latest choice for a purpose, or undefined when they never chose. */
export async function latestConsent(db: DB, telephone: string, purpose: string) {
  return db
    .selectFrom('consents')
    .select(['given', 'source'])
    .where('telephone', '=', telephone)
    .where('purpose', '=', purpose)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Records that a row left by WhatsApp (channel, provider id, cost). */
export async function markSentByWhatsApp(db: DB, id: number, providerMessageId: string, costCategory: string) {
  await db
    .updateTable('outbox_messages')
    .set({ channel: 'whatsapp', provider_message_id: providerMessageId, delivery_status: 'sent', cost_category: costCategory })
    .where('id', '=', id)
    .execute();
}

/** Notes why WhatsApp was not used for a message that then went by SMS. */
export async function noteWhatsAppRefusal(db: DB, id: number, reason: string) {
  await db
    .updateTable('outbox_messages')
    .set({ delivery_error: reason.slice(0, 500) })
    .where('id', '=', id)
    .execute();
}

/**
 * Codes queued before the outbox sealed them (an upgrade with messages still waiting): sealed in place, so no code
 * stays readable in the database. Runs at start; a code of 15 minutes means at most a few rows.
 */
export async function sealClearSecrets(db: DB, seal: (text: string) => string, isSealed: (text: string) => boolean): Promise<number> {
  const rows = await db.selectFrom('outbox_messages').select(['id', 'secret']).where('secret', 'is not', null).execute();
  let n = 0;
  for (const row of rows) {
    if (!row.secret || isSealed(row.secret)) continue;
    await db
      .updateTable('outbox_messages')
      .set({ secret: seal(row.secret) })
      .where('id', '=', row.id)
      .where('secret', '=', row.secret)
      .execute();
    n += 1;
  }
  return n;
}

/**
 * PostgreSQL: the row the outbox's counting trigger locks when an SMS is queued this month (`message_counts`,
 * migration 20261125_0700_whatsapp.ts), locked first. Every transaction that queues an SMS takes that lock anyway,
 * so a caller that counts a number's SMS before queuing one (a per-telephone limit) is serialised with all of them by
 * the one lock they share: a second lock of its own (per telephone, or one advisory lock) could deadlock with a
 * transaction that queued another SMS first. SQLite's one writer serialises anyway.
 */
export async function lockSmsQueue(db: DB, month: string): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`insert into message_counts (month, channel, n) values (${month}, 'sms', 0)
    on conflict (month, channel) do update set n = message_counts.n`.execute(db);
}
