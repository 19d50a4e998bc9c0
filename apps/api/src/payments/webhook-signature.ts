import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookSignatureError } from './gateway';

/** FedaPay's scheme: header `t=<unix seconds>,s=<hex HMAC-SHA256 of "t.rawBody">`, 300 s tolerance. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export function signWebhook(rawBody: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');
  return `t=${timestamp},s=${signature}`;
}

export function verifyWebhookSignature(rawBody: string, header: string | undefined, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): void {
  if (!header || header.length > 1000) throw new WebhookSignatureError('missing signature header');
  let timestamp = Number.NaN;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (key === 's' && value) signatures.push(value);
  }
  if (!Number.isFinite(timestamp) || signatures.length === 0) throw new WebhookSignatureError('malformed signature header');
  const expected = Buffer.from(createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex'));
  const matches = signatures.some((s) => {
    const given = Buffer.from(s);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookSignatureError('signature mismatch');
  // Stale or too far in the future: a replay of an old, correctly signed body is refused too.
  if (Math.abs(nowSeconds - timestamp) > WEBHOOK_TOLERANCE_SECONDS) throw new WebhookSignatureError('timestamp outside tolerance');
}
