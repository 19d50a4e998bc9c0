import { WebhookSignature } from 'fedapay';
import { WebhookSignatureError } from './gateway';

/** FedaPay's scheme: header `t=<unix seconds>,s=<hex HMAC-SHA256 of "t.rawBody">`, 300 s tolerance. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Checks `X-FEDAPAY-SIGNATURE` on the exact bytes received with the official library's helper
 * (`WebhookSignature.verifyHeader`: HMAC, constant-time comparison, signatures older than the tolerance refused).
 * Two checks the helper leaves out are added: an oversized header, and a timestamp more than the tolerance in the
 * future (the helper only bounds the age, so a body signed "later" could be replayed for as long as wanted).
 */
export function verifyWebhookSignature(
  rawBody: string,
  header: string | undefined,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): void {
  if (!header || header.length > 1000) throw new WebhookSignatureError('missing signature header');
  try {
    WebhookSignature.verifyHeader(rawBody, header, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch (error) {
    throw new WebhookSignatureError(error instanceof Error ? error.message : 'invalid signature');
  }
  const timestamp = Number(/(?:^|,)t=(\d{1,12})(?:,|$)/.exec(header)?.[1]);
  if (!(Math.abs(nowSeconds - timestamp) <= WEBHOOK_TOLERANCE_SECONDS)) throw new WebhookSignatureError('timestamp outside tolerance');
}
