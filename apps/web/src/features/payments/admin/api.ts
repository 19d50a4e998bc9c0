import { apiRequest } from '@web/lib/api-client';

/**
 * Cancels a payment or a donation (`/payments/7`, `/donations/7`): the server keeps the record, with the reason,
 * under the « Annulés » filter and in the audit trail.
 */
export const cancelMoneyRecord = (path: string, reason: string) =>
  apiRequest(path, { method: 'DELETE', body: { reason: reason.trim() || undefined } });
