import type { TransactionStatus } from '@shared/constants';

// The one seam between our records and a payment provider. Two implementations: the built-in
// sandbox (no network) and FedaPay. Everything about money status comes through `retrieve`.

export interface CheckoutRequest {
  amount: number;
  currency: 'XOF';
  description: string;
  customer: { name?: string; email?: string; phone?: string };
  /** Path under our own origin (`/api/payments/return/payment/12`) the payer comes back to. */
  returnPath: string;
}

export interface Checkout {
  transactionId: string;
  /** Where the browser is sent to pay. */
  url: string;
}

export interface ProviderTransaction {
  id: string;
  status: TransactionStatus;
  amount: number;
  /** ISO currency code as the provider reports it; null when it did not say. */
  currency: string | null;
}

export interface VerifiedWebhook {
  /** Stable key of the event, so a redelivery is applied once. */
  eventKey: string;
  eventName: string;
  transactionId: string | null;
}

export class GatewayUnavailableError extends Error {}
export class WebhookSignatureError extends Error {}

export interface PaymentGateway {
  readonly name: 'sandbox' | 'fedapay';
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /**
   * Asks the payer to approve on the telephone itself, with no web page (FedaPay's payment without redirection).
   * Throws GatewayUnavailableError when the provider cannot.
   */
  requestPush(request: CheckoutRequest & { phone: string }): Promise<{ transactionId: string }>;
  /**
   * Why this telephone cannot be asked to pay (no network the provider can reach), or null. Checked before any record
   * is written, so a refused number leaves nothing behind.
   */
  pushPhoneProblem(phone: string): 'unknown_operator' | null;
  /** The provider's current view of a transaction; null when the provider does not know it. Throws GatewayUnavailableError. */
  retrieve(transactionId: string): Promise<ProviderTransaction | null>;
  /** Checks a webhook's signature on the raw body; throws WebhookSignatureError. */
  verifyWebhook(rawBody: string, signatureHeader: string | undefined): VerifiedWebhook;
}

/** Provider statuses beyond our list, mapped to what they mean for a record. Unknown ones stay pending (never paid). */
export function normalizeProviderStatus(status: unknown): TransactionStatus {
  switch (String(status ?? '').toLowerCase()) {
    case 'approved':
      return 'approved';
    case 'declined':
      return 'declined';
    case 'canceled':
    case 'cancelled':
    case 'expired':
      return 'canceled';
    case 'transferred':
      return 'transferred';
    case 'refunded':
    case 'approved_partially_refunded':
    case 'transferred_partially_refunded':
      return 'refunded';
    default:
      return 'pending';
  }
}
