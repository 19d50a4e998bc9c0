import { DONATION_PURPOSE_LABELS, LIMITS, ORGANISATION, PAYMENT_TYPE_LABELS } from '@shared/constants';
import type { z } from '@shared/zod-fr';
import type { donationInitiateSchema } from '@shared/schemas/donation';
import { PAYMENT_MESSAGES, type paymentInitiateSchema } from '@shared/schemas/payment';
import { PUSH_MESSAGES } from '@shared/schemas/payment-mode';
import type { FastifyBaseLogger } from 'fastify';
import { type DB, nowIso, writeTransaction } from '../../platform/database/database';
import { fieldError, HttpError } from '../../platform/lib/http-errors';
import { GatewayUnavailableError, type PaymentGateway } from './gateways/gateway';
import type { MoneyStatusListener } from '../messages';
import { applyProviderState } from './apply-provider-state';
import type { MoneyHook } from './money-hooks';
import { receiptUrl } from './receipt-numbers';
import { hashRef, newRef, REF_PATTERN, RETURN_RECHECK_MS } from './return-refs';
import {
  claimPendingForRecheck,
  type DonationRow,
  findByReturnRef,
  findByTransactionId,
  insertDonation,
  insertPayment,
  insertWebhookEvent,
  pendingCheckoutUrl,
  type MoneyKind,
  type MoneyRow,
  type PaymentRow,
  updateRecord,
  webhookEventSeen,
} from './data/records';
import { lockPushTelephone, pushRequestTimesSince } from './data/push-requests';
import { recordAudit } from '../audit';
import { assertFeeAtLeastMinimum } from '../settings';

/** `origin: 'sms'`: asked by an SMS command (sms-commands), shown as such in the back office (the record's `channel`). */
type PaymentInput = z.output<typeof paymentInitiateSchema> & { origin?: 'sms' };
type DonationInput = z.output<typeof donationInitiateSchema> & { origin?: 'sms' };

/** How a new record is asked for (docs/giving-by-phone.md): null for the checkout page. */
const channelOf = (input: { mode?: string; origin?: 'sms' }) => (input.mode === 'push' ? (input.origin ?? 'telephone') : null);

export const providerUnavailable = () => new HttpError(503, PAYMENT_MESSAGES.providerUnavailable);

/**
 * What every money flow needs, built once when the app starts (payments/routes/context.ts) and passed first to
 * each function below: initiation, the provider's return, the browser's record post, webhooks and the background
 * re-check. The status of a record only ever comes from `gateway.retrieve`.
 */
export interface PaymentsContext {
  readonly db: DB;
  readonly gateway: PaymentGateway;
  /** Signs receipt links (`receiptUrl`). */
  readonly receiptSecret: string;
  readonly log: FastifyBaseLogger;
  /** Length of the membership period a membership payment buys (config MEMBERSHIP_PERIOD_MONTHS). */
  readonly membershipMonths: number;
  /** Told of every status change inside its transaction (the messages module queues the notices). */
  readonly onStatusChange?: MoneyStatusListener;
  /** Other modules' listeners, called by onStatusChange in the same transaction (an event registration paid). */
  readonly moneyHooks?: Set<MoneyHook>;
  /** The client address of the request a flow runs for (`forRequest`), recorded in the audit trail; absent for the background re-check. */
  readonly ip?: string | null;
}

/** The context for one request's flow: the same, with the client address its audit entries record. */
export const forRequest = (ctx: PaymentsContext, request: { ip: string }): PaymentsContext => ({ ...ctx, ip: request.ip });

/**
 * A request on the telephone goes only to a number the provider can reach (FedaPay: a Beninese MTN, Moov or Celtiis
 * number); checked before anything is written, so a refused number leaves no record behind (a 422 on `telephone`).
 */
export function assertPushPhone(
  ctx: PaymentsContext,
  mode: string | undefined,
  phone: string | null | undefined,
  field: 'telephone' | 'phone' = 'telephone',
): void {
  if (mode !== 'push' || !phone) return;
  if (ctx.gateway.pushPhoneProblem(phone)) throw fieldError(field, PUSH_MESSAGES.unknownOperator, PUSH_MESSAGES.unknownOperator);
}

/**
 * Inserts a new record (`insert`); a request on the telephone only while that number has had fewer than
 * LIMITS.pushRequestsPerTelephone requests within the window, else a 429 and nothing is written. The count and the
 * insert are one transaction serialised per telephone (writeTransaction), so parallel requests cannot all pass.
 */
async function insertAsked(
  ctx: PaymentsContext,
  input: { mode?: string; phone?: string | null },
  insert: (db: DB) => Promise<number>,
): Promise<number> {
  const phone = input.phone;
  if (input.mode !== 'push' || !phone) return insert(ctx.db);
  return writeTransaction(ctx.db, async (trx) => {
    await lockPushTelephone(trx, phone);
    // The records' own time (pendingColumns' created_at), not the settable clock.
    const now = Date.now();
    const times = await pushRequestTimesSince(trx, phone, new Date(now - LIMITS.pushRequestsWindowMs).toISOString());
    if (times.length >= LIMITS.pushRequestsPerTelephone) {
      // Retry-After: when the oldest request counted leaves the window.
      const wait = Math.max(1, Math.ceil((Date.parse(times[0]!) + LIMITS.pushRequestsWindowMs - now) / 1000));
      throw new HttpError(429, PUSH_MESSAGES.tooManyForTelephone, undefined, { 'retry-after': String(wait) });
    }
    return insert(trx);
  });
}

/** The columns of a new record, payment or donation, waiting for its checkout. */
function pendingColumns(ctx: PaymentsContext, userId: number | null, returnRefHash: string) {
  const now = nowIso();
  return {
    user_id: userId,
    currency: 'XOF',
    transaction_status: 'pending',
    provider: ctx.gateway.name,
    return_ref_hash: returnRefHash,
    created_at: now,
    updated_at: now,
  };
}

export async function initiatePayment(ctx: PaymentsContext, input: PaymentInput, userId: number | null): Promise<string> {
  await assertFeeAtLeastMinimum(ctx.db, input.payment_type, input.amount);
  // The fee form's field is `phone` (its schema's errors are under it too).
  assertPushPhone(ctx, input.mode, input.phone, 'phone');
  const returnRef = newRef();
  const id = await insertAsked(ctx, input, (db) =>
    insertPayment(db, {
      amount: input.amount,
      payment_type: input.payment_type,
      name: input.name,
      email: input.email,
      phone: input.phone,
      channel: channelOf(input),
      ...pendingColumns(ctx, userId, returnRef.hash),
    }),
  );
  return openCheckout(
    ctx,
    'payment',
    id,
    returnRef.ref,
    `${PAYMENT_TYPE_LABELS[input.payment_type]} — ${ORGANISATION.shortName}`,
    input,
    input.mode,
  );
}

/**
 * `userId`: the account that gives while logged in, so the gift appears in its space. `pledge`: the pledge and due
 * this gift pays (recurring giving), so it stays an ordinary donation everywhere.
 */
export async function initiateDonation(
  ctx: PaymentsContext,
  input: DonationInput,
  userId: number | null = null,
  pledge: { pledge_id: number; pledge_due: string } | null = null,
): Promise<string> {
  assertPushPhone(ctx, input.mode, input.phone);
  const returnRef = newRef();
  const id = await insertAsked(ctx, input, (db) =>
    insertDonation(db, {
      amount: input.amount,
      purpose: input.purpose,
      name: input.name ?? null,
      email: input.email ?? null,
      phone: input.phone ?? null,
      channel: channelOf(input),
      ...pendingColumns(ctx, userId, returnRef.hash),
      ...(pledge ?? {}),
    }),
  );
  return openCheckout(
    ctx,
    'donation',
    id,
    returnRef.ref,
    `Don — ${DONATION_PURPOSE_LABELS[input.purpose]} — ${ORGANISATION.shortName}`,
    input,
    input.mode,
  );
}

async function openCheckout(
  ctx: PaymentsContext,
  kind: MoneyKind,
  id: number,
  returnRef: string,
  description: string,
  input: { amount: number; name?: string; email?: string; phone?: string },
  mode: 'checkout' | 'push' = 'checkout',
) {
  try {
    if (mode === 'push') {
      // No page: the provider asks the payer to approve on the telephone; the status still comes only from it.
      const push = await ctx.gateway.requestPush({
        amount: input.amount,
        currency: 'XOF',
        description,
        customer: { name: input.name, email: input.email, phone: input.phone },
        returnPath: `/api/payments/return/${kind}/${returnRef}`,
        phone: input.phone!,
      });
      await updateRecord(ctx.db, kind, id, { transaction_id: push.transactionId, updated_at: nowIso() });
      return pushId(kind, returnRef);
    }
    const checkout = await ctx.gateway.createCheckout({
      amount: input.amount,
      currency: 'XOF',
      description,
      customer: { name: input.name, email: input.email, phone: input.phone },
      returnPath: `/api/payments/return/${kind}/${returnRef}`,
    });
    await updateRecord(ctx.db, kind, id, { transaction_id: checkout.transactionId, updated_at: nowIso() });
    return checkout.url;
  } catch (error) {
    // No provider transaction exists: the record can never be paid; it is closed, not left pending.
    await closeUnused(ctx, kind, id, 'checkout_failed');
    ctx.log.warn({ err: error, kind, id }, 'payment provider unavailable at checkout');
    throw providerUnavailable();
  }
}

/** A pending record nobody will be sent to pay: closed (`canceled`, in the trail with why), never deleted. */
async function closeUnused(ctx: PaymentsContext, kind: MoneyKind, id: number, source: 'checkout_failed' | 'checkout_superseded') {
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await updateRecord(trx, kind, id, { transaction_status: 'canceled', updated_at: nowIso() }, 'pending'))) return;
    await recordAudit(trx, {
      actorId: null,
      actingId: null,
      ip: ctx.ip ?? null,
      action: `${kind}.status`,
      entity: kind,
      entityId: id,
      before: { transaction_status: 'pending' },
      after: { transaction_status: 'canceled' },
      details: { source },
    });
  });
}

/**
 * A payment requested on the telephone is named by its kind and its random return reference, never by the record's
 * id: the id shows in lists, the reference only to the one who asked.
 */
export const pushId = (kind: MoneyKind, ref: string) => `${kind === 'donation' ? 'd' : 'p'}_${ref}`;

export function parsePushId(id: string): { kind: MoneyKind; ref: string } | null {
  const match = /^([dp])_(.+)$/.exec(id);
  if (!match || !REF_PATTERN.test(match[2]!)) return null;
  return { kind: match[1] === 'd' ? 'donation' : 'payment', ref: match[2]! };
}

/** The state of a payment requested on the telephone, after asking the provider (at most as often as a return). */
export async function pushStatus(ctx: PaymentsContext, id: string) {
  const parsed = parsePushId(id);
  const row = parsed ? await findByReturnRef(ctx.db, parsed.kind, hashRef(parsed.ref)) : undefined;
  if (!parsed || !row) return null;
  const current = await refreshRecord(ctx, parsed.kind, row);
  return { kind: parsed.kind, row: current };
}

/** What the waiting screen and the SMS say of a request on the telephone. */
export function pushStatusWord(status: string): 'en_attente' | 'approuve' | 'refuse' | 'expire' {
  if (status === 'approved' || status === 'transferred') return 'approuve';
  if (status === 'declined' || status === 'refunded') return 'refuse';
  if (status === 'canceled') return 'expire';
  return 'en_attente';
}

/** Asks the provider about a record's transaction and applies the answer. Provider down: the record stays as it is. */
export async function refreshRecord(ctx: PaymentsContext, kind: MoneyKind, row: MoneyRow): Promise<MoneyRow> {
  if (!row.transaction_id) return row;
  try {
    const provider = await ctx.gateway.retrieve(row.transaction_id);
    if (!provider) {
      await updateRecord(ctx.db, kind, row.id, { checked_at: nowIso() });
      return row;
    }
    return (await applyProviderState(ctx.db, kind, row.id, provider, ctx.log, ctx.onStatusChange, ctx.membershipMonths, ctx.ip)) ?? row;
  } catch (error) {
    if (error instanceof GatewayUnavailableError) {
      ctx.log.warn({ err: error, kind, id: row.id }, 'payment provider unavailable while verifying');
      return row;
    }
    throw error;
  }
}

/** The record of one of this server's transactions, refreshed from the provider; a transaction it never created is left alone. */
export async function refreshTransaction(ctx: PaymentsContext, transactionId: string): Promise<void> {
  const found = await findByTransactionId(ctx.db, transactionId);
  if (found) await refreshRecord(ctx, found.kind, found.row);
}

/**
 * The provider sends the payer back here with the checkout's random reference. The provider is asked only
 * about a pending record not asked in the last seconds (a reload, a crawler, a stranger replaying the URL cost
 * no provider call). The page's URL carries no personal data: status, amount and type in the query; the
 * transaction id only while pending (docs/product/states.md's record post); the signed receipt link in the fragment, which
 * browsers never send to a server or in a Referer.
 */
export async function returnLocation(ctx: PaymentsContext, kind: MoneyKind, ref: string): Promise<string | null> {
  if (!REF_PATTERN.test(ref)) return null;
  const found = await findByReturnRef(ctx.db, kind, hashRef(ref));
  if (!found || found.deleted_at) return null;
  const checkedRecently = found.checked_at !== null && Date.now() - Date.parse(found.checked_at) < RETURN_RECHECK_MS;
  const row = found.transaction_status === 'pending' && !checkedRecently ? await refreshRecord(ctx, kind, found) : found;
  const params = new URLSearchParams();
  params.set('transaction-status', row.transaction_status);
  if (row.transaction_status === 'pending' && row.transaction_id) params.set('transaction-id', row.transaction_id);
  params.set('amount', String(row.amount));
  if (kind === 'payment') params.set('payment_type', (row as PaymentRow).payment_type);
  else params.set('purpose', (row as DonationRow).purpose);
  // A gift paying a pledge: the thank-you says it comes back each period and where it is managed.
  if (kind === 'donation' && (row as DonationRow).pledge_id) params.set('engagement', '1');
  const receipt = receiptUrl(ctx.receiptSecret, kind, row);
  // A pending record: the page keeps this same return link to check the payment again later (issue 33 item 7).
  const check = row.transaction_status === 'pending' ? `/api/payments/return/${kind}/${ref}` : null;
  const fragmentParams = { ...(receipt ? { recu: receipt } : {}), ...(check ? { verifier: check } : {}) };
  const fragment = receipt || check ? `#${new URLSearchParams(fragmentParams).toString()}` : '';
  return `${kind === 'payment' ? '/paiement' : '/donation'}?${params.toString()}${fragment}`;
}

/**
 * POST /api/payment and /api/donation: the browser names a transaction; only one this server
 * created is accepted, and its status is re-read from the provider. A replay changes nothing.
 */
export async function recordFromBrowser(ctx: PaymentsContext, kind: MoneyKind, transactionId: string): Promise<MoneyRow> {
  const found = await findByTransactionId(ctx.db, transactionId);
  if (!found || found.kind !== kind || found.row.deleted_at) {
    throw fieldError(kind === 'payment' ? 'transaction_id' : 'transaction-id', PAYMENT_MESSAGES.transactionUnknown);
  }
  return refreshRecord(ctx, kind, found.row);
}

/** A verified webhook: applied once per event key, with the provider's current state. */
export async function applyWebhook(
  ctx: PaymentsContext,
  eventKey: string,
  transactionId: string | null,
): Promise<'applied' | 'duplicate' | 'ignored'> {
  if (!transactionId) return 'ignored';
  const found = await findByTransactionId(ctx.db, transactionId);
  if (!found) return 'ignored';
  if (await webhookEventSeen(ctx.db, eventKey)) return 'duplicate';
  let provider: Awaited<ReturnType<PaymentGateway['retrieve']>>;
  try {
    provider = await ctx.gateway.retrieve(transactionId);
  } catch (error) {
    if (error instanceof GatewayUnavailableError) throw providerUnavailable(); // the provider retries later
    throw error;
  }
  if (!provider) return 'ignored';
  return ctx.db.transaction().execute(async (trx) => {
    const recorded = await insertWebhookEvent(trx, {
      event_key: eventKey,
      transaction_id: transactionId,
      status: provider.status,
      received_at: nowIso(),
    });
    if (!recorded) return 'duplicate' as const;
    await applyProviderState(trx, found.kind, found.row.id, provider, ctx.log, ctx.onStatusChange, ctx.membershipMonths, ctx.ip);
    return 'applied' as const;
  });
}

/**
 * One pass of the background re-check: pending records of the last 3 days, each asked at most every 30 s.
 * Every process runs it; each claims its rows first by stamping checked_at in one UPDATE (rows another
 * process is claiming are skipped on PostgreSQL, SQLite runs one writer at a time), so N processes ask the
 * provider once per record, not N times. The stamp doubles as the claim's lease: a process that dies after
 * claiming leaves the row to be picked up again 30 s later.
 */
export async function pollPendingOnce(ctx: PaymentsContext, limit = 25): Promise<number> {
  const now = Date.now();
  const createdAfter = new Date(now - 3 * 24 * 3600_000).toISOString();
  const checkedBefore = new Date(now - 30_000).toISOString();
  let checked = 0;
  for (const kind of ['payment', 'donation'] as const) {
    const rows = await claimPendingForRecheck(ctx.db, kind, { now: new Date(now).toISOString(), createdAfter, checkedBefore }, limit);
    for (const row of rows) {
      await refreshRecord(ctx, kind, row);
      checked += 1;
    }
  }
  return checked;
}

/**
 * A payment for something another module sells (an event's seats): recorded with `paymentType` outside the
 * membership types, so it buys no membership, and naming what it pays (`eventRegistrationId`, as a gift names its
 * pledge) so that whichever of them is approved is found. Returns the record's id (the caller links it) and the
 * checkout URL, kept on the record (`reusableCheckout`) before this returns.
 */
export async function initiatePurposePayment(
  ctx: PaymentsContext,
  input: {
    amount: number;
    paymentType: string;
    description: string;
    name: string;
    phone: string;
    email?: string | null;
    eventRegistrationId?: number;
  },
  userId: number | null,
): Promise<{ id: number; url: string }> {
  const returnRef = newRef();
  const id = await insertPayment(ctx.db, {
    amount: input.amount,
    payment_type: input.paymentType,
    name: input.name,
    email: input.email ?? null,
    phone: input.phone,
    event_registration_id: input.eventRegistrationId ?? null,
    ...pendingColumns(ctx, userId, returnRef.hash),
  });
  const customer = { amount: input.amount, name: input.name, phone: input.phone, ...(input.email ? { email: input.email } : {}) };
  const url = await openCheckout(ctx, 'payment', id, returnRef.ref, input.description, customer);
  await updateRecord(ctx.db, 'payment', id, { checkout_url: url });
  return { id, url };
}

/** The checkout page of a purpose payment still pending: asked to pay again, the payer is sent there, not to a second payment. */
export async function reusableCheckout(ctx: PaymentsContext, paymentId: number): Promise<string | undefined> {
  return pendingCheckoutUrl(ctx.db, paymentId);
}

/**
 * A purpose payment opened by a request that lost the race to link its payment (two « Payer » at once): its checkout
 * page is never shown to anyone, so the record is closed rather than left pending beside the one that won. Should
 * the provider approve it all the same, it still names what it paid, and the seller is told like for any other.
 */
export async function abandonPurposePayment(ctx: PaymentsContext, paymentId: number): Promise<void> {
  await closeUnused(ctx, 'payment', paymentId, 'checkout_superseded');
}
