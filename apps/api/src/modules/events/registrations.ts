import { EVENT_PAYMENT_TYPE } from '@shared/constants';
import {
  hasEnded,
  EVENT_MESSAGES as M,
  PAYMENT_HOLD_MINUTES,
  type RegistrationStatus,
  registrationClosedReason,
} from '@shared/schemas/events';
import type { z } from '@shared/zod-fr';
import type { registrationInputSchema } from '@shared/schemas/events';
import { type DB, nowIso } from '../../platform/database/database';
import { clock } from '../../platform/lib/clock';
import { conflict, fieldError, HttpError, notFound } from '../../platform/lib/http-errors';
import { toE164 } from '../../platform/lib/phone';
import { type AuditActor, recordAudit } from '../audit';
import { type FormSender, recordOwnChannelChoice } from '../privacy';
import { getMembership } from '../membership';
import { abandonPurposePayment, forRequest, initiatePurposePayment, type MoneyHook, PAID_STATUSES, reusableCheckout } from '../payments';
import { type EventsContext, ticketPath, ticketUrl } from './context';
import * as data from './data';
import { queueEventSms } from './event-sms';
import { isTicketToken, newNonce, newTicketCode, tokenRegistrationId } from './tickets';
import { refundOnCancel } from './refunds';
import { eventTexts } from './texts';

type RegistrationInput = z.output<typeof registrationInputSchema>;
type Executor = data.Executor;

const HOLD_MS = PAYMENT_HOLD_MINUTES * 60_000;
const holdUntil = () => new Date(clock.now().getTime() + HOLD_MS).toISOString();
/** Statuses that hold seats on the counter. */
const HOLDING: readonly RegistrationStatus[] = ['confirme', 'paiement_attendu'];

async function uniqueCode(db: Executor, eventId: number): Promise<string> {
  for (;;) {
    const code = newTicketCode();
    if (!(await data.codeTaken(db, eventId, code))) return code;
  }
}

/** Every SMS below counts toward the telephone's daily limit of event SMS (event-sms.ts); `db` is a transaction. */
async function sms(db: Executor, to: string, body: string, dedupeKey: string): Promise<void> {
  await queueEventSms(db, { to, body, dedupeKey });
}

/** The event a visitor may register for, or the error that says why not. */
export async function openEvent(db: DB, eventId: number) {
  const event = await data.findEvent(db, eventId);
  if (!event?.published) throw notFound(M.notFound);
  const closed = registrationClosedReason(event, clock.now());
  if (closed) throw conflict(closed);
  return event;
}

export interface RegisterResult {
  id: number;
  status: RegistrationStatus;
  checkout_url?: string;
  ticket_url?: string;
}

/**
 * A registration: seats taken from the counter in the same transaction that writes it (or the waiting list
 * when they do not fit). A paid one holds its seats for 30 minutes while the checkout opens; the money's
 * approval confirms it (`confirmPaidRegistration`).
 */
export async function register(
  ctx: EventsContext,
  eventId: number,
  input: RegistrationInput,
  sender: FormSender | null,
  ip: string,
): Promise<RegisterResult> {
  const userId = sender?.id ?? null;
  const event = await openEvent(ctx.db, eventId);
  const telephone = toE164(input.telephone);
  if (!telephone) throw fieldError('telephone', M.telephone);
  const isMember = userId !== null && (await getMembership(ctx.db, userId)).status === 'a_jour';
  const amount = (isMember ? event.price_member : event.price_public) * input.seats;

  // The seats are taken by one statement of its own, before the registration's transaction: the event's counter
  // row is locked only while that statement runs, not while a busy server goes back and forth inside a
  // transaction, so a hundred simultaneous registrations queue for microseconds each. Should the process die
  // between the two, the seats stay taken (never sold twice); a failed transaction gives them back.
  // While anyone waits, a newcomer queues behind them, even for seats that are free: freed seats go to the waiting
  // list in order (CONTRACT « A cancellation promotes the waiting list in order »).
  const fits = await data.takeSeats(ctx.db, event.id, input.seats, { behindWaiting: true });
  const status: RegistrationStatus = !fits ? 'liste_attente' : amount > 0 ? 'paiement_attendu' : 'confirme';
  let registration: data.RegistrationRow;
  try {
    registration = await ctx.db.transaction().execute(async (trx) => {
      const now = nowIso();
      const row = await data.insertRegistration(trx, {
        event_id: event.id,
        user_id: userId,
        name: input.name,
        telephone,
        email: input.email ?? null,
        seats: input.seats,
        status,
        amount,
        payment_id: null,
        ticket_nonce: newNonce(),
        code: await uniqueCode(trx, event.id),
        hold_expires_at: status === 'paiement_attendu' ? holdUntil() : null,
        checked_in_at: null,
        checked_in_device: null,
        cancelled_at: null,
        created_at: now,
        updated_at: now,
      });
      // Before the ticket's message, so a person choosing WhatsApp gets the ticket there. Anyone may type any number:
      // the choice neither undoes the number's withdrawal nor withdraws its owner's consent unless the sender proves
      // the number (docs/whatsapp.md — « The channel chosen on a public form »).
      await recordOwnChannelChoice(trx, input.channel, { telephone, sender, source: 'event_registration', ip });
      // Anyone may type any number: past a few event SMS a day to it, the ticket is shown on screen only (event-sms.ts).
      if (status === 'confirme') {
        await sms(trx, telephone, eventTexts.ticket(event.title, event.starts_at, row.code, ticketUrl(ctx, row)), `event-ticket:${row.id}`);
      } else if (status === 'liste_attente') {
        await sms(trx, telephone, eventTexts.waiting(event.title, ticketUrl(ctx, row)), `event-waiting:${row.id}`);
      }
      return row;
    });
  } catch (error) {
    if (fits) await data.releaseSeats(ctx.db, event.id, input.seats);
    throw error;
  }

  const result: RegisterResult = {
    id: registration.id,
    status: registration.status as RegistrationStatus,
    ticket_url: ticketPath(ctx, registration),
  };
  if (registration.status === 'paiement_attendu') {
    result.checkout_url = await openCheckout(ctx, event, registration, ip);
  }
  return result;
}

/**
 * The checkout of a registration waiting for its payment: one payment for its seats, however often « Payer » is
 * pressed. Its payment still pending is given again (the same page); else a new one is opened and linked, only if
 * the registration's payment is still the one seen: of two requests at once, the one that links second closes its
 * own (never shown) and gives the first one's. A provider failure with no checkout to give frees the seats.
 */
async function openCheckout(ctx: EventsContext, event: data.EventRow, registration: data.RegistrationRow, ip: string): Promise<string> {
  const payments = forRequest(ctx.payments, { ip });
  let seen = registration.payment_id;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const pending = seen === null ? undefined : await reusableCheckout(payments, seen);
    if (pending) return pending;
    let payment: { id: number; url: string };
    try {
      payment = await initiatePurposePayment(
        payments,
        {
          amount: registration.amount,
          paymentType: EVENT_PAYMENT_TYPE,
          description: `Inscription — ${event.title}`.slice(0, 200),
          name: registration.name,
          phone: registration.telephone,
          email: registration.email,
          eventRegistrationId: registration.id,
        },
        registration.user_id,
      );
    } catch (error) {
      // Another request may have opened one meanwhile: that one is given; otherwise the seats go onwards.
      const now = await data.findRegistration(ctx.db, registration.id);
      const other = now?.payment_id && now.payment_id !== seen ? await reusableCheckout(payments, now.payment_id) : undefined;
      if (other) return other;
      await ctx.db.transaction().execute(async (trx) => {
        if (await data.moveRegistration(trx, registration.id, ['paiement_attendu'], { status: 'expire', hold_expires_at: null })) {
          await data.releaseSeats(trx, registration.event_id, registration.seats);
          await promoteWaiting(ctx, trx, registration.event_id);
        }
      });
      throw error;
    }
    if (await data.linkRegistrationPayment(ctx.db, registration.id, seen, payment.id)) return payment.url;
    await abandonPurposePayment(payments, payment.id);
    const now = await data.findRegistration(ctx.db, registration.id);
    if (now?.status !== 'paiement_attendu') throw conflict(M.notPayable);
    seen = now.payment_id;
  }
  throw conflict(M.checkoutBusy);
}

/** The checkout of a registration still waiting for its payment (promoted from the waiting list, or a retry). */
export async function checkoutByToken(ctx: EventsContext, token: string, ip: string): Promise<string> {
  const registration = await byToken(ctx, token);
  if (registration.status !== 'paiement_attendu') throw conflict(M.notPayable);
  const event = (await data.findEvent(ctx.db, registration.event_id))!;
  // No seat is sold for an event already over.
  if (hasEnded(event, clock.now())) throw conflict(M.ended);
  return openCheckout(ctx, event, registration, ip);
}

/**
 * Gives freed seats to the waiting list, strictly in order: the first waiting registration gets them when
 * they fit, then the next; one that does not fit yet keeps its place at the head. Once the event is over, the
 * waiting list stays as it is: nobody is given a seat, nor texted, for an event already past.
 */
export async function promoteWaiting(ctx: EventsContext, trx: Executor, eventId: number): Promise<number> {
  const event = await data.findEvent(trx, eventId);
  if (!event || event.status === 'annule' || hasEnded(event, clock.now())) return 0;
  let promoted = 0;
  for (;;) {
    const next = await data.firstWaiting(trx, eventId);
    if (!next || !(await data.takeSeats(trx, eventId, next.seats))) return promoted;
    const paid = next.amount > 0;
    const moved = await data.moveRegistration(trx, next.id, ['liste_attente'], {
      status: paid ? 'paiement_attendu' : 'confirme',
      hold_expires_at: paid ? holdUntil() : null,
    });
    if (!moved) {
      // Promoted or cancelled meanwhile by another request or process: its seats go back, the next one is tried.
      await data.releaseSeats(trx, eventId, next.seats);
      continue;
    }
    const url = ticketUrl(ctx, next);
    const text = paid
      ? eventTexts.promotedPaid(event.title, next.amount, url)
      : eventTexts.promotedFree(event.title, event.starts_at, next.code, url);
    await sms(trx, next.telephone, text, `event-promoted:${next.id}`);
    promoted += 1;
  }
}

/**
 * Cancels a registration (its holder or an administrator); its seats go to the waiting list. Once the event is
 * over, its holder can no longer cancel it; an administrator still can (the books), with no message to anyone.
 * Returns the refund it makes due (a paid ticket), or null.
 */
export async function cancelRegistration(ctx: EventsContext, registration: data.RegistrationRow, actor: AuditActor | null) {
  return ctx.db.transaction().execute(async (trx) => {
    const event = await data.findEvent(trx, registration.event_id);
    const over = event !== undefined && hasEnded(event, clock.now());
    if (over && actor === null) throw conflict(M.ended);
    // A ticket checked in at the door is used: cancelling it would give its seats to the waiting list past capacity.
    const moved = await data.moveRegistration(
      trx,
      registration.id,
      ['confirme', 'paiement_attendu', 'liste_attente'],
      { status: 'annule', cancelled_at: nowIso(), hold_expires_at: null },
      { notCheckedIn: true },
    );
    if (!moved) {
      const current = await data.findRegistration(trx, registration.id);
      throw conflict(current?.checked_in_at && current.status !== 'annule' ? M.registrationCheckedIn : M.alreadyCancelled);
    }
    if (HOLDING.includes(registration.status as RegistrationStatus)) {
      await data.releaseSeats(trx, registration.event_id, registration.seats);
      await promoteWaiting(ctx, trx, registration.event_id);
    }
    // A paid ticket: the money stays recorded; the association gives it back by hand, and is told to here.
    const refund = await refundOnCancel(trx, (await data.findRegistration(trx, registration.id))!);
    // The holder is told on the telephone of the ticket, whoever cancelled (docs/product/events.md), while the event is to come.
    if (event && !over) {
      await sms(
        trx,
        registration.telephone,
        eventTexts.registrationCancelled(
          event.title,
          event.starts_at,
          actor !== null,
          `${ctx.publicUrl}/evenements`,
          refund?.refund_due ?? 0,
        ),
        `event-registration-cancelled:${registration.id}`,
      );
    }
    // The administrator's cancellations are all in the trail; a holder's, when it leaves money to give back.
    if (actor || refund) {
      await recordAudit(trx as DB, {
        actorId: actor?.id ?? null,
        ip: actor?.ip ?? null,
        actingId: actor?.actingId ?? null,
        action: 'event_registration.cancel',
        entity: 'event_registration',
        entityId: registration.id,
        before: { status: registration.status },
        after: { status: 'annule' },
        details: refund ? { ...refund, ...(actor ? {} : { via: 'titulaire du billet' }) } : null,
      });
    }
    return refund;
  });
}

/** The registration a ticket token names, its signature checked; 404 otherwise. */
export async function byToken(ctx: EventsContext, token: string): Promise<data.RegistrationRow> {
  const id = tokenRegistrationId(token);
  const registration = id ? await data.findRegistration(ctx.db, id) : undefined;
  if (!registration || !isTicketToken(ctx.secret, registration.id, registration.ticket_nonce, token)) {
    throw new HttpError(404, M.registrationNotFound);
  }
  return registration;
}

/** Unpaid holds past their 30 minutes: released (once, whichever process gets there first) and given onwards. */
export async function releaseExpiredHolds(ctx: EventsContext): Promise<number> {
  const due = await data.expiredHolds(ctx.db, clock.now().toISOString());
  let released = 0;
  for (const registration of due) {
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await data.moveRegistration(trx, registration.id, ['paiement_attendu'], { status: 'expire', hold_expires_at: null }))) return;
      await data.releaseSeats(trx, registration.event_id, registration.seats);
      await promoteWaiting(ctx, trx, registration.event_id);
      released += 1;
    });
  }
  return released;
}

/** Gives free seats to whoever still waits (a seat freed at the very moment a waiting registration was written). */
export async function promoteWhereSeatsAreFree(ctx: EventsContext): Promise<number> {
  let promoted = 0;
  for (const eventId of await data.eventsWithFreeSeatsAndWaiting(ctx.db, clock.now().toISOString())) {
    promoted += await ctx.db.transaction().execute((trx) => promoteWaiting(ctx, trx, eventId));
  }
  return promoted;
}

/**
 * Told of every money status change, in its transaction: the approval of any payment of a registration (the one the
 * payment names, not only the registration's latest checkout) confirms it while it waits for its payment, and becomes
 * its payment. Paid after its hold was released, it gets its seats back if they are still free. Money for seats
 * already paid (a second checkout paid too) or for no seat is recorded like any other and flagged in the audit trail
 * for a refund.
 */
export function paidRegistrationHook(ctx: EventsContext): MoneyHook {
  return async (trx, change) => {
    if (change.kind !== 'payment' || !PAID_STATUSES.has(change.to) || PAID_STATUSES.has(change.from)) return;
    const registration = await data.findRegistrationByPayment(trx, change.id);
    if (!registration) return;
    const event = (await data.findEvent(trx, registration.event_id))!;
    const over = hasEnded(event, clock.now());
    const paid = { status: 'confirme', hold_expires_at: null, payment_id: change.id } as const;
    let confirmed = await data.moveRegistration(trx, registration.id, ['paiement_attendu'], paid);
    // A seat released before the payment came is taken back only for an event still to come and not cancelled, and
    // only if nobody waits for it (the waiting list goes first): otherwise the money is flagged for a refund below.
    if (
      !confirmed &&
      !over &&
      event.status !== 'annule' &&
      registration.status === 'expire' &&
      (await data.takeSeats(trx, registration.event_id, registration.seats, { behindWaiting: true }))
    ) {
      confirmed = await data.moveRegistration(trx, registration.id, ['expire'], paid);
      if (!confirmed) await data.releaseSeats(trx, registration.event_id, registration.seats);
    }
    if (!confirmed) {
      const now = (await data.findRegistration(trx, registration.id))!;
      await recordAudit(trx, {
        actorId: null,
        actingId: null,
        ip: null,
        action: now.status === 'confirme' ? 'event_registration.paid_twice' : 'event_registration.paid_without_seat',
        entity: 'event_registration',
        entityId: registration.id,
        details: { payment_id: change.id, refund_due: change.amount, status: now.status },
      });
      return;
    }
    // Money approved after the event is recorded (the books), but no ticket is sent for an event already past.
    if (over) return;
    const text = eventTexts.ticket(event.title, event.starts_at, registration.code, ticketUrl(ctx, registration));
    await sms(trx, registration.telephone, text, `event-ticket:${registration.id}`);
  };
}
