import { PAYMENT_MESSAGES } from '@shared/zod-free/payment';
import { ApiError } from '@web/lib/api-client';
import { notify } from '@web/lib/notify';

/** A failed initiation, once field errors are handled: provider down (retry) or our own failure. */
export function notifyCheckoutError(error: unknown): void {
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 0 || status === 502 || status === 503 || status === 504) notify.error(PAYMENT_MESSAGES.providerUnavailable);
  else if (status === 429) notify.error(error instanceof ApiError ? error.message : PAYMENT_MESSAGES.paymentFailed);
  else if (status >= 500) notify.error(PAYMENT_MESSAGES.insertFailed);
  else notify.error(PAYMENT_MESSAGES.paymentFailed);
}
