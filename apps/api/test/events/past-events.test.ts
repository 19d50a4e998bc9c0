import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventsContextOf, runEventJobsOnce } from '../../src/modules/events';
import { openVolunteerSession } from '../../src/modules/events/shifts';
import { setClock } from '../../src/platform/lib/clock';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { adminToken, auth, createEvent, insertVolunteer, nextPhone, registerTo, smsTo, tokenOf } from './fixtures';

// Once an event (or a shift) is over, nothing but the administrator's books acts on it: no registration, no
// cancellation by its holder, no seat given from the waiting list, no payment, no SMS (docs/product/events.md).

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
});
afterAll(async () => t?.close());
afterEach(() => setClock(null));

const ENDED = 'Cet événement est terminé.';
const registration = (id: number) => t.db.selectFrom('event_registrations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const e164 = (telephone: string) => `+229${telephone}`;

let day = 0;
/**
 * An event of one seat (10:00–14:00 UTC on its own day), its seat taken by `holder` and `waiting` on the list,
 * then the clock an hour after its end.
 */
async function pastEvent(overrides: Record<string, unknown> = {}) {
  day += 1;
  const date = `2032-05-${String(day).padStart(2, '0')}`;
  setClock(`2032-04-01T08:00:00Z`);
  const event = await createEvent(t, admin, {
    starts_at: `${date}T10:00:00.000Z`,
    ends_at: `${date}T14:00:00.000Z`,
    capacity: 1,
    ...overrides,
  });
  const holderPhone = nextPhone();
  const waitingPhone = nextPhone();
  const holder = (await registerTo(t, event.id, { telephone: holderPhone })).json();
  const waiting = (await registerTo(t, event.id, { telephone: waitingPhone })).json();
  expect(waiting.status).toBe('liste_attente');
  setClock(`${date}T15:00:00Z`);
  return {
    event,
    holder,
    waiting,
    holderSms: async () => (await smsTo(t, e164(holderPhone))).length,
    waitingSms: async () => (await smsTo(t, e164(waitingPhone))).length,
  };
}

describe('an event already over', () => {
  it('takes no registration, and says it is over', async () => {
    const { event } = await pastEvent();
    const late = await registerTo(t, event.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(ENDED);
  });

  it('cannot be cancelled from the ticket: nobody on the waiting list gets a seat nor an SMS', async () => {
    const { holder, waiting, waitingSms } = await pastEvent();
    const before = await waitingSms();
    const res = await t.app.inject({ method: 'DELETE', url: `/api/registrations/by-token/${tokenOf(holder.ticket_url)}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ENDED);
    expect((await registration(holder.id)).status).toBe('confirme');
    expect((await registration(waiting.id)).status).toBe('liste_attente');
    expect(await waitingSms()).toBe(before);
  });

  it('is still cancelled from the back office (the books), without promoting anyone nor texting anybody', async () => {
    const { holder, waiting, holderSms, waitingSms } = await pastEvent();
    const [holderBefore, waitingBefore] = [await holderSms(), await waitingSms()];
    const res = await t.app.inject({ method: 'DELETE', url: `/api/admin/registrations/${holder.id}`, headers: auth(admin) });
    expect(res.statusCode).toBe(200);
    expect((await registration(holder.id)).status).toBe('annule');
    expect((await registration(waiting.id)).status).toBe('liste_attente');
    expect(await holderSms()).toBe(holderBefore);
    expect(await waitingSms()).toBe(waitingBefore);
  });

  it('is still edited by the administrator, and more seats give nobody a seat at a past event', async () => {
    const { event, waiting, waitingSms } = await pastEvent();
    const before = await waitingSms();
    const current = (await t.app.inject({ method: 'GET', url: `/api/events/${event.id}` })).json();
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/events/${event.id}`,
      headers: auth(admin),
      payload: { ...current, capacity: 5, place: 'Salle des fêtes, Porto-Novo' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ capacity: 5, place: 'Salle des fêtes, Porto-Novo' });
    expect((await registration(waiting.id)).status).toBe('liste_attente');
    expect(await waitingSms()).toBe(before);
    const attendance = await t.app.inject({ method: 'GET', url: `/api/admin/events/${event.id}/attendance`, headers: auth(admin) });
    expect(attendance.statusCode).toBe(200);
  });

  it('gets nothing from the minute pass: an unpaid hold is released, but the waiting list is neither promoted nor texted', async () => {
    const { holder, waiting, waitingSms } = await pastEvent({ price_public: 2000 });
    expect(holder.status).toBe('paiement_attendu');
    const before = await waitingSms();
    const ctx = await eventsContextOf(t.app);
    await runEventJobsOnce(ctx);
    await runEventJobsOnce(ctx);
    expect((await registration(holder.id)).status).toBe('expire');
    expect((await registration(waiting.id)).status).toBe('liste_attente');
    expect(await waitingSms()).toBe(before);
  });

  it('sells no seat: the checkout of a registration still waiting for its payment is refused', async () => {
    const { holder } = await pastEvent({ price_public: 2000 });
    const res = await t.app.inject({ method: 'POST', url: `/api/registrations/by-token/${tokenOf(holder.ticket_url)}/checkout` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ENDED);
    expect((await registration(holder.id)).status).toBe('paiement_attendu');
  });

  it('records money approved after it ended, but sends no ticket and gives no released seat back', async () => {
    day += 1;
    const date = `2032-05-${String(day).padStart(2, '0')}`;
    setClock('2032-04-01T08:00:00Z');
    const event = await createEvent(t, admin, {
      starts_at: `${date}T10:00:00.000Z`,
      ends_at: `${date}T14:00:00.000Z`,
      capacity: 2,
      price_public: 1500,
    });
    const [phoneA, phoneB] = [nextPhone(), nextPhone()];
    const a = (await registerTo(t, event.id, { telephone: phoneA })).json();
    const b = (await registerTo(t, event.id, { telephone: phoneB })).json();
    expect([a.status, b.status]).toEqual(['paiement_attendu', 'paiement_attendu']);
    // B's hold was released before its money came; A's approval arrives late, after the event.
    await t.db.updateTable('event_registrations').set({ status: 'expire', hold_expires_at: null }).where('id', '=', b.id).execute();
    await t.db.updateTable('events').set({ seats_taken: 1 }).where('id', '=', event.id).execute();
    setClock(`${date}T15:00:00Z`);
    for (const r of [a, b]) {
      const decided = await t.app.inject({
        method: 'POST',
        url: r.checkout_url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'outcome=approved',
      });
      expect(decided.statusCode).toBe(303);
    }
    // The payment's own receipt notice goes; the ticket does not.
    const ticketSms = async (telephone: string, code: string) => (await smsTo(t, e164(telephone))).filter((m) => m.body.includes(code));
    expect((await registration(a.id)).status).toBe('confirme');
    expect(await ticketSms(phoneA, (await registration(a.id)).code)).toHaveLength(0);
    expect((await registration(b.id)).status).toBe('expire');
    expect(await ticketSms(phoneB, (await registration(b.id)).code)).toHaveLength(0);
    const seats = await t.db.selectFrom('events').select('seats_taken').where('id', '=', event.id).executeTakeFirstOrThrow();
    expect(seats.seats_taken).toBe(1);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'event_registration')
      .where('entity_id', '=', String(b.id))
      .execute();
    expect(audit.map((x) => x.action)).toContain('event_registration.paid_without_seat');
  });

  it('cannot be cancelled by the administrator: its registrations stay, nobody is texted', async () => {
    const { event, holder, holderSms, waitingSms } = await pastEvent();
    const [holderBefore, waitingBefore] = [await holderSms(), await waitingSms()];
    for (const request of [
      { method: 'POST' as const, url: `/api/admin/events/${event.id}/cancel`, payload: {} },
      { method: 'DELETE' as const, url: `/api/admin/events/${event.id}` },
    ]) {
      const res = await t.app.inject({ ...request, headers: auth(admin) });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(ENDED);
    }
    expect((await registration(holder.id)).status).toBe('confirme');
    expect((await t.app.inject({ method: 'GET', url: `/api/events/${event.id}` })).json().status).toBe('actif');
    expect(await holderSms()).toBe(holderBefore);
    expect(await waitingSms()).toBe(waitingBefore);
  });
});

describe('a shift already over', () => {
  it('can be neither left nor confirmed by its volunteer; the coordinator still confirms its hours', async () => {
    setClock('2034-06-01T08:00:00Z');
    const event = await createEvent(t, admin, { starts_at: '2034-06-20T08:00:00.000Z', ends_at: '2034-06-20T16:00:00.000Z' });
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/admin/events/${event.id}/shifts`,
      headers: auth(admin),
      payload: { label: 'Accueil du matin', starts_at: '2034-06-20T08:00:00.000Z', ends_at: '2034-06-20T12:00:00.000Z', slots: 2 },
    });
    const shiftId = created.json().id as number;
    const token = await openVolunteerSession(t.db, await insertVolunteer(t, '+2290191000001'));
    expect((await t.app.inject({ method: 'POST', url: `/api/shifts/${shiftId}/signups`, headers: auth(token) })).statusCode).toBe(201);
    setClock('2034-06-20T08:00:00Z');
    expect((await t.app.inject({ method: 'POST', url: `/api/shifts/${shiftId}/check-in`, headers: auth(token) })).statusCode).toBe(200);
    setClock('2034-06-20T12:00:00Z');
    expect((await t.app.inject({ method: 'POST', url: `/api/shifts/${shiftId}/check-out`, headers: auth(token) })).statusCode).toBe(200);

    setClock('2034-06-20T13:00:00Z');
    const leave = await t.app.inject({ method: 'DELETE', url: `/api/shifts/${shiftId}/signups/me`, headers: auth(token) });
    expect(leave.statusCode).toBe(409);
    expect(leave.json().message).toBe('Ce créneau est terminé.');
    const confirm = await t.app.inject({ method: 'POST', url: `/api/shifts/${shiftId}/confirm`, headers: auth(token), payload: {} });
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().message).toBe('Ce créneau est terminé.');
    const [row] = (await t.app.inject({ method: 'GET', url: `/api/admin/shifts/${shiftId}/signups`, headers: auth(admin) })).json();
    expect(row).toMatchObject({ status: 'inscrit', served_minutes: 240 });
    const hours = await t.app.inject({
      method: 'POST',
      url: `/api/admin/shifts/${shiftId}/signups/${row.id}/hours`,
      headers: auth(admin),
      payload: { confirmed: true },
    });
    expect(hours.statusCode).toBe(200);
    expect(hours.json().confirmed_minutes).toBe(240);
  });
});
