import { type BeninMobileOperator, beninMobileOperator, beninNationalNumber } from '@shared/phone';
import { ApiConnectionError, FedaPay, Requestor, Transaction } from 'fedapay';
import {
  type Checkout,
  type CheckoutRequest,
  GatewayUnavailableError,
  normalizeProviderStatus,
  type PaymentGateway,
  type ProviderTransaction,
  type VerifiedWebhook,
  WebhookSignatureError,
} from './gateway';
import { verifyWebhookSignature } from './webhook-signature';
import { createHash } from 'node:crypto';

// FedaPay through its official library: POST /v1/transactions, POST /v1/transactions/{id}/token for the
// checkout URL, POST /v1/{mode} with that token for a payment without redirection, GET /v1/transactions/{id} to verify. The library keeps its settings in statics, so they
// are applied before every call (one process may host several apps in tests).

export interface FedaPaySettings {
  secretKey: string;
  environment: 'sandbox' | 'live';
  webhookSecret: string;
  apiBase?: string;
  publicUrl: string;
}

const REQUEST_TIMEOUT_MS = 10_000;

/** FedaPay's modes of payment without redirection in Benin, by network (its « Méthodes de paiement » page). */
export const FEDAPAY_PUSH_MODES: Record<BeninMobileOperator, string> = { mtn: 'mtn_open', moov: 'moov', celtiis: 'sbin' };
let timeoutInstalled = false;

function installTimeout(): void {
  if (timeoutInstalled) return;
  timeoutInstalled = true;
  // The library's axios client has no timeout; a hung provider must not hang a payer's request.
  Requestor.addRequestInterceptor({
    callback: (config: Record<string, unknown>) => ({ ...config, timeout: REQUEST_TIMEOUT_MS }),
  } as never);
}

function splitName(name: string | undefined): { firstname: string; lastname: string } {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { firstname: 'Donateur', lastname: 'Anonyme' };
  if (parts.length === 1) return { firstname: parts[0]!, lastname: parts[0]! };
  return { firstname: parts[0]!, lastname: parts.slice(1).join(' ') };
}

/**
 * FedaPay's customer needs an e-mail or a telephone number: a phone-only payer is one by telephone. A donor who
 * left neither (an anonymous gift) is sent without a customer; FedaPay's checkout asks the payer.
 */
function customerOf(payer: CheckoutRequest['customer']): Record<string, unknown> | null {
  if (!payer.email && !payer.phone) return null;
  const customer: Record<string, unknown> = splitName(payer.name);
  if (payer.email) customer.email = payer.email;
  if (payer.phone) customer.phone_number = { number: payer.phone, country: 'bj' };
  return customer;
}

function httpStatusOf(error: unknown): number | null {
  const e = error as { httpStatus?: number; httpStatusCode?: number } | null;
  return e?.httpStatus ?? e?.httpStatusCode ?? null;
}

export class FedaPayGateway implements PaymentGateway {
  readonly name = 'fedapay' as const;
  constructor(private readonly settings: FedaPaySettings) {
    installTimeout();
  }

  private configure(): void {
    FedaPay.setApiKey(this.settings.secretKey);
    FedaPay.setEnvironment(this.settings.environment);
    // An empty base makes the library pick the sandbox or live host from the environment.
    FedaPay.setApiBase(this.settings.apiBase ?? '');
  }

  /** POST /v1/transactions: the transaction a checkout page or a request on the telephone then pays. */
  private createTransaction(request: CheckoutRequest, payer: CheckoutRequest['customer']) {
    const customer = customerOf(payer);
    return Transaction.create({
      description: request.description,
      amount: request.amount,
      currency: { iso: request.currency },
      callback_url: `${this.settings.publicUrl}${request.returnPath}`,
      ...(customer ? { customer } : {}),
    });
  }

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    this.configure();
    try {
      const transaction = await this.createTransaction(request, request.customer);
      const token = await transaction.generateToken();
      const url = (token as unknown as { url?: unknown }).url;
      if (transaction.id === undefined || typeof url !== 'string' || !/^https?:\/\//.test(url)) {
        throw new GatewayUnavailableError('FedaPay answered without a transaction id or a checkout URL');
      }
      return { transactionId: String(transaction.id), url };
    } catch (error) {
      if (error instanceof GatewayUnavailableError) throw error;
      throw new GatewayUnavailableError(`FedaPay checkout failed: ${(error as Error).message}`);
    }
  }

  pushPhoneProblem(phone: string): 'unknown_operator' | null {
    return beninMobileOperator(phone) ? null : 'unknown_operator';
  }

  /**
   * FedaPay's payment without redirection: the transaction, its token, then POST /v1/{mode} with the token and the
   * payer's number; the network asks the payer to approve on the telephone. The mode is the payer's network, read
   * from the number's block (shared/phone.ts), never guessed: a number of no known network is refused before this.
   */
  async requestPush(request: CheckoutRequest & { phone: string }): Promise<{ transactionId: string }> {
    const operator = beninMobileOperator(request.phone);
    const number = beninNationalNumber(request.phone);
    if (!operator || !number) throw new GatewayUnavailableError('no FedaPay mode for this telephone');
    this.configure();
    try {
      const transaction = await this.createTransaction(request, { ...request.customer, phone: request.phone });
      if (transaction.id === undefined) throw new GatewayUnavailableError('FedaPay answered without a transaction id');
      const token = (await transaction.generateToken()) as unknown as { token?: unknown };
      if (typeof token.token !== 'string' || token.token === '') {
        throw new GatewayUnavailableError('FedaPay answered without a payment token');
      }
      // The library posts these params as the body, with the token added: {token, phone_number: {number, country}}.
      await transaction.sendNowWithToken(FEDAPAY_PUSH_MODES[operator], token.token, {
        phone_number: { number, country: 'bj' },
      });
      return { transactionId: String(transaction.id) };
    } catch (error) {
      if (error instanceof GatewayUnavailableError) throw error;
      throw new GatewayUnavailableError(`FedaPay push failed: ${(error as Error).message}`);
    }
  }

  async retrieve(transactionId: string): Promise<ProviderTransaction | null> {
    // FedaPay ids are integers; anything else cannot be one of its transactions.
    if (!/^\d{1,18}$/.test(transactionId)) return null;
    this.configure();
    try {
      const t = (await Transaction.retrieve(transactionId, { include: 'currency' })) as unknown as {
        id?: unknown;
        status?: unknown;
        amount?: unknown;
        currency?: { iso?: unknown } | null;
      };
      if (!t || t.id === undefined) return null;
      const amount = Number(t.amount);
      return {
        id: String(t.id),
        status: normalizeProviderStatus(t.status),
        amount: Number.isFinite(amount) ? amount : Number.NaN,
        currency: typeof t.currency?.iso === 'string' ? t.currency.iso.toUpperCase() : null,
      };
    } catch (error) {
      const status = httpStatusOf(error);
      if (error instanceof ApiConnectionError && status === 404) return null;
      throw new GatewayUnavailableError(`FedaPay retrieve failed: ${(error as Error).message}`);
    }
  }

  verifyWebhook(rawBody: string, signatureHeader: string | undefined): VerifiedWebhook {
    verifyWebhookSignature(rawBody, signatureHeader, this.settings.webhookSecret);
    let event: { id?: unknown; name?: unknown; entity?: { id?: unknown } | null; object_id?: unknown };
    try {
      event = JSON.parse(rawBody);
    } catch {
      throw new WebhookSignatureError('signed body is not JSON');
    }
    const rawId = event?.entity?.id ?? event?.object_id;
    const eventKey =
      event?.id !== undefined && event?.id !== null
        ? `fedapay:event:${String(event.id)}`
        : `fedapay:body:${createHash('sha256').update(rawBody).digest('hex')}`;
    return {
      eventKey,
      eventName: typeof event?.name === 'string' ? event.name : '',
      transactionId: rawId === undefined || rawId === null ? null : String(rawId),
    };
  }
}
