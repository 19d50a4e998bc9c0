import type { DB } from '../../platform/database/database';
import { nowIso } from '../../platform/database/database';
import { outboxRow } from '../messages';

// The WhatsApp area's queries: a person's channel choices (consents) and the outbox rows' delivery statuses.

export async function insertConsent(
  db: DB,
  row: { purpose: string; given: boolean; channel: string; telephone: string; source: string; wordingVersion: string },
) {
  await db
    .insertInto('consents')
    .values({
      purpose: row.purpose,
      given: row.given ? 1 : 0,
      wording_version: row.wordingVersion,
      channel: row.channel,
      telephone: row.telephone,
      email: null,
      user_id: null,
      source: row.source,
      subject: null,
      ip: null,
      created_at: nowIso(),
    })
    .execute();
}

export async function findByProviderId(db: DB, providerMessageId: string) {
  return db
    .selectFrom('outbox_messages')
    .select(['id', 'to_address', 'subject', 'body', 'category', 'delivery_status', 'dedupe_key', 'secret'])
    .where('provider_message_id', '=', providerMessageId)
    .executeTakeFirst();
}

export async function setDeliveryStatus(db: DB, id: number, status: string, error: string | null) {
  await db
    .updateTable('outbox_messages')
    // Delivered, read or failed: a code's secret is no longer needed here (a fallback SMS got its own copy first).
    .set({ delivery_status: status, delivery_error: error, updated_at: nowIso(), ...(status === 'sent' ? {} : { secret: null }) })
    .where('id', '=', id)
    .execute();
}

/** Queues the SMS that replaces a WhatsApp message; the unique fallback_of keeps it to one, whoever asks twice. */
export async function insertFallbackSms(
  db: DB,
  original: { id: number; to_address: string; body: string; category: string | null; secret: string | null },
): Promise<boolean> {
  // The outbox's own row shape (messages' outboxRow), tied to the message it replaces.
  const row = outboxRow({
    channel: 'sms',
    to: original.to_address,
    body: original.body,
    category: original.category,
  });
  const result = await db
    .insertInto('outbox_messages')
    // The code stays sealed as the original holds it (messages' outboxRow would seal it a second time).
    .values({ ...row, secret: original.secret, fallback_of: original.id })
    .onConflict((oc) => oc.column('fallback_of').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}
