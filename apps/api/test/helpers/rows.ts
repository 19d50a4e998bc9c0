import type { Insertable } from 'kysely';
import type { ContactMessagesTable, OutboxMessagesTable } from '../../src/platform/database/schema';

// Rows that tests write straight into a table, with every column the product writes: what a test states is what it
// is about; the rest is null (or the row's own time).

type Row<T> = Insertable<T>;

/** An outbox message the worker has not touched since it was sent or queued: no provider id, fallback or newsletter. */
export const outboxRow = (
  values: Pick<Row<OutboxMessagesTable>, 'channel' | 'to_address' | 'body' | 'status' | 'created_at'> & Partial<Row<OutboxMessagesTable>>,
): Row<OutboxMessagesTable> => ({
  subject: null,
  html: null,
  headers: null,
  dedupe_key: null,
  last_error: null,
  next_attempt_at: values.created_at,
  locked_until: null,
  sent_at: null,
  updated_at: values.created_at,
  category: null,
  cost_category: null,
  provider_message_id: null,
  delivery_status: null,
  delivery_error: null,
  fallback_of: null,
  newsletter_send_id: null,
  ...values,
});

/** A message of the contact form saying « Bonjour », without telephone or services, not handled unless told. */
export const contactMessageRow = (
  values: Pick<Row<ContactMessagesTable>, 'name' | 'email' | 'created_at'> & Partial<Row<ContactMessagesTable>>,
): Row<ContactMessagesTable> => ({
  phone: null,
  services: null,
  message: 'Bonjour',
  handled_at: null,
  handled_by: null,
  ...values,
});
