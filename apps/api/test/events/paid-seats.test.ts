import { cancelQuestion, refundNotice } from '@shared/schemas/events';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventsContextOf, runEventJobsOnce } from '../../src/modules/events';
import { setClock } from '../../src/platform/lib/clock';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { adminToken, auth, createEvent, nextPhone, registerTo, smsTo, tokenOf } from './fixtures';

// Money for an event's seats (attacker probe H2 and M3): one pending payment per registration however often « Payer »
// is pressed; whichever of its payments is approved confirms it; money paid twice, or for a ticket later cancelled, is
// kept and flagged for a refund by hand, and the holder is told.

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
});
afterAll(async () => t?.close());
afterEach(() => setClock(null));

const e164 = (national: string) => `+229${national}`;
const registration = (id: number) => t.db.selectFrom('event_registrations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const paymentsOf = (registrationId: number) =>
  t.db.selectFrom('payments').selectAll().where('event_registration_id', '=', registrationId).orderBy('id').execute();
const checkout = (ticketUrl: string) => t.app.inject({ method: 'POST', url: `/api/registrations/by-token/${tokenOf(ticketUrl)}/checkout` });
const decide = (checkoutUrl: string, outcome: 'approved' | 'declined') =>
  t.app.inject({
    method: 'POST',
    url: checkoutUrl,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${outcome}`,
  });
const auditOf = async (registrationId: number) =>
  (
    await t.db
      .selectFrom('audit_log')
      .select(['action', 'details', 'actor_user_id'])
      .where('entity', '=', 'event_registration')
      .where('entity_id', '=', String(registrationId))
      .orderBy('id')
      .execute()
  ).map((a) => ({ ...a, details: a.details ? JSON.parse(a.details) : null }));
const attendanceOf = async (eventId: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/admin/events/${eventId}/attendance`, headers: auth(admin) })).json() as {
    id: number;
    refund_due: number;
  }[];
const ticket = async (ticketUrl: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/registrations/by-token/${tokenOf(ticketUrl)}` })).json();

/** A registration to a 2 000 FCFA event, paid and confirmed. */
async function paidTicket(eventId?: number) {
  const event = eventId ?? (await createEvent(t, admin, { capacity: 5, price_public: 2000 })).id;
  const telephone = nextPhone();
  const res = (await registerTo(t, event, { telephone })).json();
  expect((await decide(res.checkout_url, 'approved')).statusCode).toBe(303);
  expect((await registration(res.id)).status).toBe('confirme');
  return { eventId: event, telephone, ...res } as {
    eventId: number;
    telephone: string;
    id: number;
    ticket_url: string;
    checkout_url: string;
  };
}

describe('one seat, one payment', () => {
  it('gives the pending checkout again when « Payer » is pressed again, instead of a second payment', async () => {
    const event = await createEvent(t, admin, { capacity: 5, price_public: 2000 });
    const first = (await registerTo(t, event.id)).json();
    expect(first.status).toBe('paiement_attendu');
    for (let i = 0; i < 2; i += 1) {
      const again = await checkout(first.ticket_url);
      expect(again.statusCode).toBe(201);
      expect(again.json().checkout_url).toBe(first.checkout_url);
    }
    const payments = await paymentsOf(first.id);
    expect(payments.map((p) => p.transaction_status)).toEqual(['pending']);
    expect((await registration(first.id)).payment_id).toBe(payments[0]!.id);
    // Paid: the registration is confirmed and asks for nothing more.
    expect((await decide(first.checkout_url, 'approved')).statusCode).toBe(303);
    expect((await registration(first.id)).status).toBe('confirme');
    expect((await checkout(first.ticket_url)).statusCode).toBe(409);
  });

  it('opens one payment for parallel « Payer » on a registration with none pending: every answer gives the same page', async () => {
    const event = await createEvent(t, admin, { capacity: 1, price_public: 2000 });
    const holder = (await registerTo(t, event.id)).json();
    const next = (await registerTo(t, event.id)).json();
    expect(next.status).toBe('liste_attente');
    // The holder gives up: the next one is promoted and must pay, with no checkout opened yet.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/registrations/by-token/${tokenOf(holder.ticket_url)}` })).statusCode).toBe(
      200,
    );
    expect(await registration(next.id)).toMatchObject({ status: 'paiement_attendu', payment_id: null });

    const answers = await Promise.all(Array.from({ length: 5 }, () => checkout(next.ticket_url)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(5).fill(201));
    const urls = new Set(answers.map((a) => a.json().checkout_url as string));
    expect(urls.size).toBe(1);
    const pending = (await paymentsOf(next.id)).filter((p) => p.transaction_status === 'pending');
    expect(pending).toHaveLength(1);
    expect((await registration(next.id)).payment_id).toBe(pending[0]!.id);
    // The page everyone was given is the payment that confirms the seat.
    expect((await decide([...urls][0]!, 'approved')).statusCode).toBe(303);
    expect((await registration(next.id)).status).toBe('confirme');
  });

  it('confirms the seat whichever of its payments is approved, and keeps and flags a second approved payment for a refund', async () => {
    const event = await createEvent(t, admin, { capacity: 5, price_public: 2000 });
    const telephone = nextPhone();
    const reg = (await registerTo(t, event.id, { telephone })).json();
    // The first attempt fails: « Payer » again opens a second checkout (the first is no longer pending).
    expect((await decide(reg.checkout_url, 'declined')).statusCode).toBe(303);
    const second = await checkout(reg.ticket_url);
    expect(second.statusCode).toBe(201);
    expect(second.json().checkout_url).not.toBe(reg.checkout_url);
    const [u1, u2] = await paymentsOf(reg.id);
    expect([u1!.transaction_status, u2!.transaction_status]).toEqual(['declined', 'pending']);
    expect((await registration(reg.id)).payment_id).toBe(u2!.id);

    // The payer retried on the first page after all, and the provider approves it: the seat is confirmed by it.
    await t.db.updateTable('sandbox_transactions').set({ status: 'approved' }).where('id', '=', u1!.transaction_id!).execute();
    await t.app.inject({
      method: 'POST',
      url: '/api/payment',
      payload: {
        name: 'Ahouéfa Houngbo',
        phone: telephone,
        amount: 2000,
        transaction_id: u1!.transaction_id,
        transaction_status: 'approved',
      },
    });
    expect(await registration(reg.id)).toMatchObject({ status: 'confirme', payment_id: u1!.id, hold_expires_at: null });
    const code = (await registration(reg.id)).code;
    expect((await smsTo(t, e164(telephone))).some((m) => m.body.includes(code))).toBe(true);
    expect((await ticket(reg.ticket_url)).status).toBe('confirme');

    // The second checkout is paid too: the money is recorded, the seat stays confirmed, and the trail asks for a refund.
    expect((await decide(second.json().checkout_url, 'approved')).statusCode).toBe(303);
    expect((await paymentsOf(reg.id)).map((p) => [p.transaction_status, p.deleted_at])).toEqual([
      ['approved', null],
      ['approved', null],
    ]);
    expect(await registration(reg.id)).toMatchObject({ status: 'confirme', payment_id: u1!.id });
    const flagged = (await auditOf(reg.id)).filter((a) => a.action === 'event_registration.paid_twice');
    expect(flagged).toHaveLength(1);
    expect(flagged[0]!.details).toMatchObject({ payment_id: u2!.id, refund_due: 2000 });
    expect((await attendanceOf(event.id)).find((r) => r.id === reg.id)!.refund_due).toBe(2000);
  });
});

describe('a paid ticket cancelled: the refund is owed and said', () => {
  it('by its holder: the page warns, the SMS says it, the trail flags amount and payment, the back office lists it', async () => {
    const paid = await paidTicket();
    const before = await ticket(paid.ticket_url);
    expect(before.refund_on_cancel).toBe(2000);
    expect(cancelQuestion(before.refund_on_cancel)).toBe(
      'Annuler cette inscription\u00a0? L’association vous remboursera 2\u00a0000\u00a0FCFA.',
    );
    const payment = (await paymentsOf(paid.id))[0]!;

    const res = await t.app.inject({ method: 'DELETE', url: `/api/registrations/by-token/${tokenOf(paid.ticket_url)}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(`Inscription annulée. ${refundNotice(2000)}`);
    const sms = (await smsTo(t, e164(paid.telephone))).map((m) => m.body);
    const cancelled = sms.find((b) => b.includes('annulée'))!;
    expect(cancelled).toContain(refundNotice(2000));
    expect(cancelled.length).toBeLessThanOrEqual(300);
    const entry = (await auditOf(paid.id)).find((a) => a.action === 'event_registration.cancel');
    expect(entry).toMatchObject({ actor_user_id: null, details: { refund_due: 2000, payment_id: payment.id } });
    expect((await attendanceOf(paid.eventId)).find((r) => r.id === paid.id)!.refund_due).toBe(2000);
    // The money itself is untouched.
    expect((await paymentsOf(paid.id))[0]).toMatchObject({ transaction_status: 'approved', deleted_at: null });
  });

  it('by the administrator: the same, with the administrator in the trail', async () => {
    const paid = await paidTicket();
    const payment = (await paymentsOf(paid.id))[0]!;
    const res = await t.app.inject({ method: 'DELETE', url: `/api/admin/registrations/${paid.id}`, headers: auth(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Inscription annulée. Remboursement à faire\u00a0: 2\u00a0000\u00a0FCFA.');
    const entry = (await auditOf(paid.id)).find((a) => a.action === 'event_registration.cancel');
    expect(entry?.actor_user_id).not.toBeNull();
    expect(entry?.details).toMatchObject({ refund_due: 2000, payment_id: payment.id });
    expect((await smsTo(t, e164(paid.telephone))).some((m) => m.body.includes(refundNotice(2000)))).toBe(true);
    expect((await attendanceOf(paid.eventId)).find((r) => r.id === paid.id)!.refund_due).toBe(2000);
  });

  it('with the whole event: each paid ticket is flagged and told; an unpaid hold owes nothing', async () => {
    const paid = await paidTicket();
    const unpaidPhone = nextPhone();
    const unpaid = (await registerTo(t, paid.eventId, { telephone: unpaidPhone })).json();
    expect(unpaid.status).toBe('paiement_attendu');
    expect((await ticket(unpaid.ticket_url)).refund_on_cancel).toBe(0);
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/events/${paid.eventId}/cancel`, headers: auth(admin), payload: {} });
    expect(res.statusCode).toBe(200);
    const payment = (await paymentsOf(paid.id))[0]!;
    expect((await auditOf(paid.id)).find((a) => a.action === 'event_registration.cancel')?.details).toMatchObject({
      refund_due: 2000,
      payment_id: payment.id,
      event_id: paid.eventId,
    });
    expect((await smsTo(t, e164(paid.telephone))).some((m) => m.body.includes('est annulé') && m.body.includes(refundNotice(2000)))).toBe(
      true,
    );
    expect((await auditOf(unpaid.id)).filter((a) => a.action === 'event_registration.cancel')).toEqual([]);
    const unpaidSms = (await smsTo(t, e164(unpaidPhone))).filter((m) => m.body.includes('est annulé'));
    expect(unpaidSms).toHaveLength(1);
    expect(unpaidSms[0]!.body).not.toContain('rembourser');
    const rows = await attendanceOf(paid.eventId);
    expect(rows.find((r) => r.id === paid.id)!.refund_due).toBe(2000);
    expect(rows.find((r) => r.id === unpaid.id)!.refund_due).toBe(0);
  });

  it('a free ticket cancelled owes nothing and says nothing of money', async () => {
    const event = await createEvent(t, admin, { capacity: 5 });
    const telephone = nextPhone();
    const free = (await registerTo(t, event.id, { telephone })).json();
    expect((await ticket(free.ticket_url)).refund_on_cancel).toBe(0);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/registrations/by-token/${tokenOf(free.ticket_url)}` })).statusCode).toBe(200);
    expect((await smsTo(t, e164(telephone))).some((m) => m.body.includes('rembourser'))).toBe(false);
    expect(await auditOf(free.id)).toEqual([]);
  });
});

// Attacker probe 3 (session 16): a hold released before its payment came gets its seat back only when the event is
// neither cancelled nor waited for; otherwise the money is kept and flagged for a refund, and no ticket is sent.
describe('a payment that comes after its hold was released', () => {
  async function expiredHold(capacity: number) {
    const event = await createEvent(t, admin, { capacity, price_public: 2000 });
    const held = (await registerTo(t, event.id)).json();
    setClock(new Date(Date.now() + 31 * 60_000));
    await runEventJobsOnce(await eventsContextOf(t.app));
    expect((await registration(held.id)).status).toBe('expire');
    return { event, held };
  }

  it('of an event cancelled meanwhile: no seat, no ticket, a refund flagged', async () => {
    const { event, held } = await expiredHold(3);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/events/${event.id}/cancel`,
      headers: auth(admin),
      payload: { reason: 'Pluie' },
    });
    expect(cancelled.statusCode).toBe(200);
    const phone = (await registration(held.id)).telephone;

    expect((await decide(held.checkout_url, 'approved')).statusCode).toBe(303);
    expect((await registration(held.id)).status).toBe('expire');
    // The payment's own receipt goes; no ticket.
    expect((await smsTo(t, phone)).filter((m) => m.dedupe_key?.startsWith('event-ticket'))).toEqual([]);
    expect(await auditOf(held.id)).toContainEqual(
      expect.objectContaining({ action: 'event_registration.paid_without_seat', details: expect.objectContaining({ refund_due: 2000 }) }),
    );
    const seats = await t.db.selectFrom('events').select('seats_taken').where('id', '=', event.id).executeTakeFirstOrThrow();
    expect(seats.seats_taken).toBe(0);
  });

  it('while someone waits: the waiting list keeps its place, the late payer is flagged for a refund', async () => {
    const event = await createEvent(t, admin, { capacity: 3, price_public: 2000 });
    const group = (await registerTo(t, event.id, { seats: 2 })).json();
    expect((await decide(group.checkout_url, 'approved')).statusCode).toBe(303);
    const held = (await registerTo(t, event.id)).json();
    const waiting = (await registerTo(t, event.id, { seats: 2 })).json();
    expect(waiting.status).toBe('liste_attente');
    // The hold is released: one seat is free, the two seats waited for do not fit in it.
    setClock(new Date(Date.now() + 31 * 60_000));
    await runEventJobsOnce(await eventsContextOf(t.app));
    expect((await registration(held.id)).status).toBe('expire');
    expect((await registration(waiting.id)).status).toBe('liste_attente');
    expect((await decide(held.checkout_url, 'approved')).statusCode).toBe(303);
    expect((await registration(held.id)).status).toBe('expire');
    expect(await auditOf(held.id)).toContainEqual(expect.objectContaining({ action: 'event_registration.paid_without_seat' }));
  });
});
