import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventsContextOf, runEventJobsOnce } from '../../src/modules/events';
import { setClock } from '../../src/platform/lib/clock';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, seedUser } from '../helpers/users';
import { adminToken, auth, createEvent, registerTo, smsTo, tokenOf } from './fixtures';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
});
afterAll(async () => t?.close());
afterEach(() => setClock(null));

const registration = (id: number) => t.db.selectFrom('event_registrations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('events: administration and public pages', () => {
  it('creates, lists publicly with seats_left, hides unpublished ones, and refuses non-administrators', async () => {
    const event = await createEvent(t, admin, { capacity: 25 });
    expect(event.seats_left).toBe(25);
    const hidden = await createEvent(t, admin, { published: false, title: 'Assemblée générale' });
    const list = await t.app.inject({ method: 'GET', url: '/api/events' });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((e: { id: number }) => e.id)).toContain(event.id);
    expect(list.json().map((e: { id: number }) => e.id)).not.toContain(hidden.id);
    expect((await t.app.inject({ method: 'GET', url: `/api/events/${hidden.id}` })).statusCode).toBe(404);
    const publish = await t.app.inject({ method: 'POST', url: `/api/admin/events/${hidden.id}/publish`, headers: auth(admin) });
    expect(publish.json().published).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/api/events/${hidden.id}` })).json()).toMatchObject({
      seats_left: 10,
      title: 'Assemblée générale',
    });

    const member = await seedUser(t, 'membre');
    const denied = await t.app.inject({ method: 'POST', url: '/api/admin/events', headers: bearer(member.token), payload: {} });
    expect(denied.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/events', payload: {} })).statusCode).toBe(401);
    const audit = await t.db.selectFrom('audit_log').select('action').where('entity', '=', 'event').execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['event.create', 'event.publish']));
  });

  it('answers invalid input with 422 and French messages', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/events',
      headers: auth(admin),
      payload: { title: '', starts_at: 'demain', capacity: 0, price_public: -5 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.title).toEqual(['Le titre est requis.']);
    expect(res.json().errors.capacity).toEqual(['La capacité doit être un nombre entier entre 1 et 100 000.']);
    const event = await createEvent(t, admin);
    const bad = await registerTo(t, event.id, { seats: 6 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.seats).toEqual(['Vous pouvez réserver de 1 à 5 places.']);
  });

  it('refuses a capacity below the seats already given, and cancelling tells every registrant', async () => {
    const event = await createEvent(t, admin, { capacity: 3 });
    const r = await registerTo(t, event.id, { seats: 2 });
    const { starts_at, ends_at, id: _id, ...rest } = (await t.app.inject({ method: 'GET', url: `/api/events/${event.id}` })).json();
    const body = { ...rest, starts_at, ends_at };
    delete body.seats_left;
    delete body.status;
    delete body.created_at;
    const shrink = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/events/${event.id}`,
      headers: auth(admin),
      payload: { ...body, capacity: 1 },
    });
    expect(shrink.statusCode).toBe(422);
    expect(shrink.json().errors.capacity).toEqual(['La capacité ne peut pas être inférieure aux places déjà attribuées.']);
    const cancel = await t.app.inject({ method: 'POST', url: `/api/admin/events/${event.id}/cancel`, headers: auth(admin), payload: {} });
    expect(cancel.json()).toMatchObject({ status: 'annule', seats_left: 0 });
    expect((await registration(r.json().id)).status).toBe('annule');
    const again = await registerTo(t, event.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Cet événement est annulé.');
  });
});

describe('registrations, tickets and the waiting list', () => {
  it('confirms a free registration with a ticket (signed token, 6-character code) sent by SMS', async () => {
    const event = await createEvent(t, admin);
    const res = await registerTo(t, event.id, { telephone: '97 11 22 33', seats: 2 });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.status).toBe('confirme');
    expect(body.ticket_url).toMatch(/^\/billet\/\d+\.[A-Za-z0-9_-]{32}$/);
    const ticket = await t.app.inject({ method: 'GET', url: `/api/registrations/by-token/${tokenOf(body.ticket_url)}` });
    expect(ticket.statusCode).toBe(200);
    expect(ticket.json()).toMatchObject({ status: 'confirme', seats: 2, event_id: event.id });
    expect(ticket.json().code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/);
    const sms = await smsTo(t, '+2290197112233');
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toContain(ticket.json().code);
    expect(sms[0]!.body).toContain(`/billet/${tokenOf(body.ticket_url)}`);
    expect(sms[0]!.body.length).toBeLessThanOrEqual(300);
    // A forged signature names no ticket.
    const forged = `${body.id}.${'A'.repeat(32)}`;
    expect((await t.app.inject({ method: 'GET', url: `/api/registrations/by-token/${forged}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/events/${event.id}` })).json().seats_left).toBe(8);
  });

  it('a cancellation promotes the first person waiting, in order, with an SMS', async () => {
    const event = await createEvent(t, admin, { capacity: 2 });
    const a = (await registerTo(t, event.id)).json();
    await registerTo(t, event.id);
    const c = await registerTo(t, event.id, { telephone: '0196000001' });
    const d = await registerTo(t, event.id, { telephone: '0196000002' });
    expect(c.json().status).toBe('liste_attente');
    expect(d.json().status).toBe('liste_attente');
    const cancel = await t.app.inject({ method: 'DELETE', url: `/api/registrations/by-token/${tokenOf(a.ticket_url)}` });
    expect(cancel.statusCode).toBe(200);
    expect((await registration(a.id)).status).toBe('annule');
    expect((await registration(c.json().id)).status).toBe('confirme');
    expect((await registration(d.json().id)).status).toBe('liste_attente');
    const sms = await smsTo(t, '+2290196000001');
    expect(sms.map((m) => m.body).join('\n')).toMatch(/une place s’est libérée/);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/registrations/by-token/${tokenOf(a.ticket_url)}` })).statusCode).toBe(409);

    // The administrator cancels too: the next one in line is promoted.
    const byAdmin = await t.app.inject({ method: 'DELETE', url: `/api/admin/registrations/${c.json().id}`, headers: auth(admin) });
    expect(byAdmin.statusCode).toBe(200);
    expect((await registration(d.json().id)).status).toBe('confirme');
  });

  it('a cancelled ticket is told to its holder by SMS, whoever cancelled it (issue #41)', async () => {
    const event = await createEvent(t, admin, { title: 'Journée de dépistage' });
    const own = (await registerTo(t, event.id, { telephone: '0196000071' })).json();
    const other = (await registerTo(t, event.id, { telephone: '0196000072' })).json();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/registrations/by-token/${tokenOf(own.ticket_url)}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/registrations/${other.id}`, headers: auth(admin) })).statusCode).toBe(
      200,
    );
    const byHolder = (await smsTo(t, '+2290196000071')).map((m) => m.body);
    const byAssociation = (await smsTo(t, '+2290196000072')).map((m) => m.body);
    expect(byHolder).toHaveLength(2); // the ticket, then its cancellation
    expect(byHolder[1]).toContain('votre inscription à «\u00a0Journée de dépistage\u00a0»');
    expect(byHolder[1]).toContain('est annulée, comme vous l’avez demandé');
    expect(byHolder[1]).toContain(`${t.config.publicUrl}/evenements`);
    expect(byAssociation[1]).toContain('a été annulée par l’association');
    for (const body of [...byHolder, ...byAssociation]) expect(body.length).toBeLessThanOrEqual(300);
    // A second cancellation is refused and sends nothing more.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/registrations/by-token/${tokenOf(own.ticket_url)}` })).statusCode).toBe(409);
    expect(await smsTo(t, '+2290196000071')).toHaveLength(2);
  });

  it('charges the member price to a member whose membership is à jour, the public price to others', async () => {
    const event = await createEvent(t, admin, { price_member: 1000, price_public: 3000 });
    const member = await seedUser(t, 'membre');
    await t.db
      .insertInto('memberships')
      .values({ user_id: member.id, valid_until: '2099-12-31', updated_at: new Date().toISOString() })
      .execute();
    const asMember = await registerTo(t, event.id, { seats: 2 }, bearer(member.token));
    expect(asMember.json().status).toBe('paiement_attendu');
    expect((await registration(asMember.json().id)).amount).toBe(2000);
    const visitor = await registerTo(t, event.id, { seats: 2 });
    expect((await registration(visitor.json().id)).amount).toBe(6000);
  });

  it('confirms a paid seat only when the provider approves it', async () => {
    const event = await createEvent(t, admin, { capacity: 5, price_public: 5000 });
    const res = await registerTo(t, event.id, { telephone: '0196000010' });
    expect(res.statusCode).toBe(201);
    const { id, checkout_url } = res.json();
    expect(res.json().status).toBe('paiement_attendu');
    expect(checkout_url).toMatch(/^\/api\/sandbox\/checkout\//);
    const row = await registration(id);
    const payment = await t.db.selectFrom('payments').selectAll().where('id', '=', row.payment_id!).executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ amount: 5000, payment_type: 'evenement', transaction_status: 'pending' });
    // The browser claiming success changes nothing: only the provider's word counts.
    await t.app.inject({
      method: 'POST',
      url: '/api/payment',
      payload: {
        name: 'Ahouéfa Houngbo',
        phone: '0196000010',
        amount: 5000,
        transaction_id: payment.transaction_id,
        transaction_status: 'approved',
      },
    });
    expect((await registration(id)).status).toBe('paiement_attendu');
    // The provider approves (the sandbox's checkout): confirmed, ticket sent.
    const decided = await t.app.inject({
      method: 'POST',
      url: checkout_url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=approved',
    });
    expect(decided.statusCode).toBe(303);
    expect((await registration(id)).status).toBe('confirme');
    const sms = await smsTo(t, '+2290196000010');
    expect(sms.some((m) => m.body.includes(row.code))).toBe(true);
  });

  it('releases an unpaid hold after 30 minutes and gives the seat to the waiting list', async () => {
    const event = await createEvent(t, admin, { capacity: 1, price_public: 2000 });
    const held = (await registerTo(t, event.id)).json();
    const waiting = (await registerTo(t, event.id)).json();
    expect(waiting.status).toBe('liste_attente');
    const ctx = await eventsContextOf(t.app);
    setClock(new Date(Date.now() + 29 * 60_000));
    expect((await runEventJobsOnce(ctx)).released).toBe(0);
    setClock(new Date(Date.now() + 31 * 60_000));
    const pass = await runEventJobsOnce(ctx);
    expect(pass.released).toBeGreaterThanOrEqual(1);
    expect((await registration(held.id)).status).toBe('expire');
    const promoted = await registration(waiting.id);
    expect(promoted.status).toBe('paiement_attendu');
    expect((await runEventJobsOnce(ctx)).released).toBe(0);
  });

  it('closes registrations at their closing time', async () => {
    const closes = new Date(Date.now() + 3600_000).toISOString();
    const event = await createEvent(t, admin, { registration_closes_at: closes });
    expect((await registerTo(t, event.id)).statusCode).toBe(201);
    setClock(new Date(Date.now() + 2 * 3600_000));
    const late = await registerTo(t, event.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Les inscriptions à cet événement sont closes.');
  });

  it('gives seats found free to the waiting list at the next pass, and a seat paid after its hold expired back if still free', async () => {
    const event = await createEvent(t, admin, { capacity: 1, price_public: 1500 });
    const held = (await registerTo(t, event.id)).json();
    // A waiting registration written while the seat was being freed: nobody promoted it.
    const waiting = (await registerTo(t, event.id)).json();
    await t.db.updateTable('events').set({ seats_taken: 0 }).where('id', '=', event.id).execute();
    await t.db.updateTable('event_registrations').set({ status: 'expire' }).where('id', '=', held.id).execute();
    const ctx = await eventsContextOf(t.app);
    expect((await runEventJobsOnce(ctx)).promoted).toBe(1);
    expect((await registration(waiting.id)).status).toBe('paiement_attendu');
    // The expired one pays anyway: no seat is left, so it is not confirmed and the audit trail says so.
    await t.app.inject({
      method: 'POST',
      url: held.checkout_url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=approved',
    });
    expect((await registration(held.id)).status).toBe('expire');
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'event_registration')
      .where('entity_id', '=', String(held.id))
      .execute();
    expect(audit.map((a) => a.action)).toContain('event_registration.paid_without_seat');
    const seats = await t.db.selectFrom('events').select('seats_taken').where('id', '=', event.id).executeTakeFirstOrThrow();
    expect(seats.seats_taken).toBe(1);
  });
});

describe('a number typed by anyone is not flooded', () => {
  it('past five ticket SMS a day to one telephone, registrations still succeed (tickets on screen) but send nothing', async () => {
    const event = await createEvent(t, admin, { capacity: 100 });
    const telephone = '0197880001';
    const answers = await Promise.all(Array.from({ length: 12 }, () => registerTo(t, event.id, { telephone })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(201));
    expect(answers.every((a) => typeof a.json().ticket_url === 'string')).toBe(true);
    expect(await smsTo(t, '+2290197880001')).toHaveLength(5);
    // The next day the number gets its SMS again.
    setClock(new Date(Date.now() + 25 * 3600_000));
    expect((await registerTo(t, event.id, { telephone })).statusCode).toBe(201);
    expect(await smsTo(t, '+2290197880001')).toHaveLength(6);
  });
});
