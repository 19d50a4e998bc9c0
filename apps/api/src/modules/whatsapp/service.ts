import type { DB } from '../../platform/database/database';
import { toE164 } from '../../platform/lib/phone';
import { enqueueMessage, STOP_CONFIRMATION, STOP_WORDING, STOP_WORDS, UNDELIVERABLE_CODES } from '../messages';
import * as data from './data';

// WhatsApp's delivery reports and the replies « STOP » (by WhatsApp or by SMS): what the webhooks change.

const STATUS_RANK: Record<string, number> = { sent: 1, delivered: 2, read: 3, failed: 4 };

interface StatusEvent {
  id?: unknown;
  status?: unknown;
  errors?: Array<{ code?: unknown; title?: unknown; message?: unknown; error_data?: { details?: unknown } }>;
}
interface InboundMessage {
  from?: unknown;
  type?: unknown;
  text?: { body?: unknown };
  button?: { text?: unknown };
}

/** The webhook's payload: delivery statuses update their outbox rows; « STOP » withdraws the channel. */
export async function applyWebhook(db: DB, payload: unknown): Promise<{ statuses: number; stops: number }> {
  const counts = { statuses: 0, stops: 0 };
  const entries = (payload as { entry?: unknown })?.entry;
  if (!Array.isArray(entries)) return counts;
  for (const entry of entries) {
    const changes = (entry as { changes?: unknown })?.changes;
    if (!Array.isArray(changes)) continue;
    for (const change of changes) {
      const value = (change as { value?: { statuses?: unknown; messages?: unknown } })?.value;
      if (Array.isArray(value?.statuses))
        for (const event of value.statuses as StatusEvent[]) counts.statuses += Number(await applyStatus(db, event));
      if (Array.isArray(value?.messages))
        for (const message of value.messages as InboundMessage[]) counts.stops += Number(await applyInbound(db, message));
    }
  }
  return counts;
}

async function applyStatus(db: DB, event: StatusEvent): Promise<boolean> {
  if (typeof event.id !== 'string' || typeof event.status !== 'string' || !(event.status in STATUS_RANK)) return false;
  const row = await data.findByProviderId(db, event.id.slice(0, 200));
  if (!row) return false;
  // Statuses may arrive out of order: never go back from read to delivered.
  if ((STATUS_RANK[row.delivery_status ?? ''] ?? 0) >= STATUS_RANK[event.status]!) return false;
  const error = event.errors?.[0];
  const code = typeof error?.code === 'number' ? error.code : null;
  const reason =
    event.status === 'failed'
      ? `${code ?? ''} ${String(error?.error_data?.details ?? error?.message ?? error?.title ?? 'échec signalé par WhatsApp')}`
          .trim()
          .slice(0, 500)
      : null;
  // Not on WhatsApp (or no longer reachable there): the same words go by SMS, once.
  if (event.status === 'failed' && code !== null && UNDELIVERABLE_CODES.has(code)) await data.insertFallbackSms(db, row);
  await data.setDeliveryStatus(db, row.id, event.status, reason);
  return true;
}

async function applyInbound(db: DB, message: InboundMessage): Promise<boolean> {
  const text = message.type === 'button' ? message.button?.text : message.text?.body;
  if (typeof text !== 'string' || typeof message.from !== 'string' || !STOP_WORDS.test(text)) return false;
  const telephone = toE164(`+${message.from.replace(/\D/g, '')}`);
  if (!telephone) return false;
  return withdrawChannel(db, 'whatsapp', telephone);
}

/** « STOP » on a channel: the withdrawal recorded as a consent, and a last message saying what it means. */
export async function withdrawChannel(db: DB, channel: 'whatsapp' | 'sms', telephone: string): Promise<boolean> {
  await db.transaction().execute(async (trx) => {
    await data.insertConsent(trx, {
      purpose: channel === 'whatsapp' ? 'whatsapp' : 'sms_news',
      given: false,
      channel,
      telephone,
      source: 'stop',
      wordingVersion: STOP_WORDING,
    });
    // Sent on the channel the person wrote from (WhatsApp allows a free reply within 24 hours of their message).
    await enqueueMessage(trx, { channel, to: telephone, body: STOP_CONFIRMATION[channel], category: 'stop' });
  });
  return true;
}
