import { randomBytes } from 'node:crypto';
import type { TransactionStatus } from '@shared/constants';
import { type DB, nowIso } from '../../../platform/database/database';
import { clock } from '../../../platform/lib/clock';
import {
  decideSandboxTransaction,
  findSandboxTransaction,
  findSandboxTransactionByKeyHash,
  insertSandboxTransaction,
} from '../data/sandbox';
import { hashRef, newRef, REF_PATTERN } from '../return-refs';
import { type Checkout, type CheckoutRequest, type PaymentGateway, type ProviderTransaction, WebhookSignatureError } from './gateway';

// The built-in payment simulator (PAYMENT_PROVIDER=sandbox): plays the provider's part with its own
// table, and its checkout page is served by payments/routes/sandbox-routes.ts. No network, no money.

/** An unanswered request on the payer's telephone expires after 5 minutes (docs/giving-by-phone.md). */
export const PUSH_LIFETIME_MS = 5 * 60 * 1000;

export const SANDBOX_OUTCOMES = ['approved', 'declined', 'canceled', 'pending'] as const satisfies readonly TransactionStatus[];
export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];

export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox' as const;
  constructor(private readonly db: DB) {}

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    const id = `sbx_${randomBytes(12).toString('hex')}`;
    // The checkout page is opened by a random key, not the transaction id: an id seen in a list, a log or a
    // return URL is not enough to approve or cancel someone else's checkout.
    const key = newRef();
    const now = nowIso();
    await insertSandboxTransaction(this.db, {
      id,
      amount: request.amount,
      currency: request.currency,
      description: request.description,
      customer_name: request.customer.name ?? null,
      status: 'pending',
      return_url: request.returnPath,
      checkout_key_hash: key.hash,
      created_at: now,
      updated_at: now,
    });
    return { transactionId: id, url: `/api/sandbox/checkout/${key.ref}` };
  }

  /** A request on the payer's telephone: approved or refused by POST /api/sandbox/push/{id}/…, expired after 5 minutes. */
  async requestPush(request: CheckoutRequest & { phone: string }): Promise<{ transactionId: string }> {
    const id = `sbx_${randomBytes(12).toString('hex')}`;
    const now = clock.now();
    await insertSandboxTransaction(this.db, {
      id,
      amount: request.amount,
      currency: request.currency,
      description: request.description,
      customer_name: null,
      status: 'pending',
      return_url: request.returnPath,
      checkout_key_hash: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      push_expires_at: new Date(now.getTime() + PUSH_LIFETIME_MS).toISOString(),
    });
    return { transactionId: id };
  }

  /** The simulator has no networks: any telephone can be asked (tests use numbers of every kind). */
  pushPhoneProblem(): null {
    return null;
  }

  async retrieve(transactionId: string): Promise<ProviderTransaction | null> {
    let row = await this.find(transactionId);
    if (!row) return null;
    // Like a provider, the simulator lets an unanswered request on the telephone expire.
    if (row.status === 'pending' && row.push_expires_at && row.push_expires_at <= clock.now().toISOString()) {
      await decideSandboxTransaction(this.db, row.id, 'canceled', clock.now().toISOString());
      row = (await this.find(transactionId))!;
    }
    return { id: row.id, status: row.status as TransactionStatus, amount: row.amount, currency: row.currency };
  }

  verifyWebhook(): never {
    // The simulator notifies the server in-process; there is no public sandbox webhook to forge.
    throw new WebhookSignatureError('the sandbox has no webhooks');
  }

  find(transactionId: string) {
    if (!/^sbx_[0-9a-f]{24}$/.test(transactionId)) return Promise.resolve(undefined);
    return findSandboxTransaction(this.db, transactionId);
  }

  /** The transaction whose checkout page has this key. */
  findByCheckoutKey(key: string) {
    if (!REF_PATTERN.test(key)) return Promise.resolve(undefined);
    return findSandboxTransactionByKeyHash(this.db, hashRef(key));
  }

  /** The payer's choice on the simulator page. Only a pending transaction can change. */
  async decide(transactionId: string, outcome: SandboxOutcome): Promise<boolean> {
    if (outcome === 'pending') return true;
    return decideSandboxTransaction(this.db, transactionId, outcome, nowIso());
  }
}
