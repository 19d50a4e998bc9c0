import { DONATION_PURPOSE_LABELS, ORGANISATION, PAYMENT_TYPE_LABELS } from '@shared/constants';
import type { z } from '@shared/zod-fr';
import type { donationInitiateSchema } from '@shared/schemas/donation';
import { PAYMENT_MESSAGES, type paymentInitiateSchema } from '@shared/schemas/payment';
import type { FastifyBaseLogger } from 'fastify';
import { type DB, nowIso } from '../../db/database';
import { fieldError, HttpError } from '../../lib/http-errors';
import { GatewayUnavailableError, type PaymentGateway } from '../../payments/gateway';
import { applyProviderState } from './apply-provider-state';
import { receiptPath } from './receipt-numbers';
import { findByTransactionId, findRecord, type MoneyKind, type MoneyRow, type PaymentRow, type DonationRow, TABLE_OF, updateRecord } from './records';
import { recordAudit } from '../audit/record-audit';
import { DEFAULT_MEMBERSHIP_MONTHS } from '../membership/memberships';
import { HAS_RECEIPT_STATUSES } from './transitions';

type PaymentInput = z.output<typeof paymentInitiateSchema>;
type DonationInput = z.output<typeof donationInitiateSchema>;

export const providerUnavailable = () => new HttpError(503, PAYMENT_MESSAGES.providerUnavailable);

/**
 * Every money flow: initiation, the provider's return, the browser's record post, webhooks and the
 * background re-check. The status of a record only ever comes from `gateway.retrieve`.
 */
export class MoneyService {
  /** Length of the membership period a membership payment buys (config MEMBERSHIP_PERIOD_MONTHS). */
  membershipMonths = DEFAULT_MEMBERSHIP_MONTHS;

  constructor(
    readonly db: DB,
    readonly gateway: PaymentGateway,
    private readonly receiptSecret: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  receiptUrl(kind: MoneyKind, row: Pick<MoneyRow, 'id' | 'receipt_number' | 'transaction_status'>, format: 'html' | 'pdf' = 'html'): string | null {
    // A refunded record keeps its receipt, which then says it was refunded.
    if (!row.receipt_number || !HAS_RECEIPT_STATUSES.has(row.transaction_status)) return null;
    return receiptPath(this.receiptSecret, kind, row.id, row.receipt_number, format);
  }

  async initiatePayment(input: PaymentInput, userId: number | null): Promise<string> {
    const now = nowIso();
    const row = await this.db
      .insertInto('payments')
      .values({
        amount: input.amount,
        payment_type: input.payment_type,
        user_id: userId,
        name: input.name,
        email: input.email,
        phone: input.phone,
        currency: 'XOF',
        transaction_status: 'pending',
        provider: this.gateway.name,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return this.openCheckout('payment', row.id, input.amount, `${PAYMENT_TYPE_LABELS[input.payment_type]} — ${ORGANISATION.shortName}`, input);
  }

  async initiateDonation(input: DonationInput): Promise<string> {
    const now = nowIso();
    const row = await this.db
      .insertInto('donations')
      .values({
        amount: input.amount,
        purpose: input.purpose,
        name: input.name ?? null,
        email: input.email ?? null,
        phone: input.phone ?? null,
        currency: 'XOF',
        transaction_status: 'pending',
        provider: this.gateway.name,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return this.openCheckout('donation', row.id, input.amount, `Don — ${DONATION_PURPOSE_LABELS[input.purpose]} — ${ORGANISATION.shortName}`, input);
  }

  private async openCheckout(kind: MoneyKind, id: number, amount: number, description: string, customer: { name?: string; email?: string; phone?: string }) {
    try {
      const checkout = await this.gateway.createCheckout({
        amount,
        currency: 'XOF',
        description,
        customer: { name: customer.name, email: customer.email, phone: customer.phone },
        returnPath: `/api/payments/return/${kind}/${id}`,
      });
      await updateRecord(this.db, kind, id, { transaction_id: checkout.transactionId, updated_at: nowIso() });
      return checkout.url;
    } catch (error) {
      // No provider transaction exists: the record can never be paid; it is closed, not left pending.
      await this.db.transaction().execute(async (trx) => {
        await updateRecord(trx, kind, id, { transaction_status: 'canceled', updated_at: nowIso() });
        await recordAudit(trx, { actorId: null, action: `${kind}.status`, entity: kind, entityId: id, before: { transaction_status: 'pending' }, after: { transaction_status: 'canceled' }, details: { source: 'checkout_failed' } });
      });
      this.log.warn({ err: error, kind, id }, 'payment provider unavailable at checkout');
      throw providerUnavailable();
    }
  }

  /** Asks the provider about a record's transaction and applies the answer. Provider down: the record stays as it is. */
  async refresh(kind: MoneyKind, row: MoneyRow): Promise<MoneyRow> {
    if (!row.transaction_id) return row;
    try {
      const provider = await this.gateway.retrieve(row.transaction_id);
      if (!provider) {
        await updateRecord(this.db, kind, row.id, { checked_at: nowIso() });
        return row;
      }
      return (await applyProviderState(this.db, kind, row.id, provider, this.log, this.membershipMonths)) ?? row;
    } catch (error) {
      if (error instanceof GatewayUnavailableError) {
        this.log.warn({ err: error, kind, id: row.id }, 'payment provider unavailable while verifying');
        return row;
      }
      throw error;
    }
  }

  /** The provider sends the payer back here: verify, then the page's URL with the spec's query parameters. */
  async returnLocation(kind: MoneyKind, id: number): Promise<string | null> {
    const found = await findRecord(this.db, kind, id);
    if (!found) return null;
    const row = await this.refresh(kind, found);
    const params = new URLSearchParams();
    params.set('transaction-status', row.transaction_status);
    params.set('transaction-id', row.transaction_id ?? '');
    params.set('amount', String(row.amount));
    if (kind === 'payment') {
      const p = row as PaymentRow;
      params.set('payment_type', p.payment_type);
      params.set('name', p.name ?? '');
      params.set('phone', p.phone ?? '');
    } else {
      params.set('purpose', (row as DonationRow).purpose);
    }
    const receipt = this.receiptUrl(kind, row);
    if (receipt) params.set('receipt', receipt);
    return `${kind === 'payment' ? '/paiement' : '/donation'}?${params.toString()}`;
  }

  /**
   * POST /api/payment and /api/donation: the browser names a transaction; only one this server
   * created is accepted, and its status is re-read from the provider. A replay changes nothing.
   */
  async recordFromBrowser(kind: MoneyKind, transactionId: string): Promise<MoneyRow> {
    const found = await findByTransactionId(this.db, transactionId);
    if (!found || found.kind !== kind || found.row.deleted_at) {
      throw fieldError(kind === 'payment' ? 'transaction_id' : 'transaction-id', PAYMENT_MESSAGES.transactionUnknown);
    }
    return this.refresh(kind, found.row);
  }

  /** A verified webhook: applied once per event key, with the provider's current state. */
  async applyWebhook(eventKey: string, transactionId: string | null): Promise<'applied' | 'duplicate' | 'ignored'> {
    if (!transactionId) return 'ignored';
    const found = await findByTransactionId(this.db, transactionId);
    if (!found) return 'ignored';
    const seen = await this.db.selectFrom('payment_events').select('id').where('event_key', '=', eventKey).executeTakeFirst();
    if (seen) return 'duplicate';
    let provider: Awaited<ReturnType<PaymentGateway['retrieve']>>;
    try {
      provider = await this.gateway.retrieve(transactionId);
    } catch (error) {
      if (error instanceof GatewayUnavailableError) throw providerUnavailable(); // the provider retries later
      throw error;
    }
    if (!provider) return 'ignored';
    return this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('payment_events')
        .values({ event_key: eventKey, transaction_id: transactionId, status: provider.status, received_at: nowIso() })
        .onConflict((oc) => oc.column('event_key').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return 'duplicate' as const;
      await applyProviderState(trx, found.kind, found.row.id, provider, this.log, this.membershipMonths);
      return 'applied' as const;
    });
  }

  /** One pass of the background re-check: pending records of the last 3 days, each asked at most every 30 s. */
  async pollPendingOnce(limit = 25): Promise<number> {
    const now = Date.now();
    const createdAfter = new Date(now - 3 * 24 * 3600_000).toISOString();
    const checkedBefore = new Date(now - 30_000).toISOString();
    let checked = 0;
    for (const kind of ['payment', 'donation'] as const) {
      const rows = await this.db
        .selectFrom(TABLE_OF[kind] as 'payments')
        .selectAll()
        .where('transaction_status', '=', 'pending')
        .where('transaction_id', 'is not', null)
        .where('deleted_at', 'is', null)
        .where('created_at', '>', createdAfter)
        .where((eb) => eb.or([eb('checked_at', 'is', null), eb('checked_at', '<', checkedBefore)]))
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
      for (const row of rows) {
        await this.refresh(kind, row);
        checked += 1;
      }
    }
    return checked;
  }
}
