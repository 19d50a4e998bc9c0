import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventsContextOf, runEventJobsOnce } from '../../src/modules/events';
import { openVolunteerSession } from '../../src/modules/events/shifts';
import { setClock } from '../../src/platform/lib/clock';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { adminToken, auth, createEvent, insertVolunteer, registerTo, smsTo } from './fixtures';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
});
afterAll(async () => t?.close());
afterEach(() => setClock(null));

const HOUR = 3600_000;

describe('the day-before reminder', () => {
  it('is sent once, from 09:00 Cotonou time the day before, however many passes run', async () => {
    // The event starts on 2030-03-15 at 16:00 Cotonou time (15:00 UTC).
    setClock('2030-03-01T10:00:00Z');
    const event = await createEvent(t, admin, {
      starts_at: '2030-03-15T15:00:00.000Z',
      ends_at: '2030-03-15T18:00:00.000Z',
    });
    const r = await registerTo(t, event.id, { telephone: '0194000001' });
    expect(r.json().status).toBe('confirme');
    const ctx = await eventsContextOf(t.app);
    const reminders = async () => (await smsTo(t, '+2290194000001')).filter((m) => m.body.includes('rappel'));
    setClock('2030-03-14T07:59:00Z'); // 08:59 in Cotonou
    await runEventJobsOnce(ctx);
    expect(await reminders()).toHaveLength(0);
    setClock('2030-03-14T08:00:00Z'); // 09:00 in Cotonou
    expect((await runEventJobsOnce(ctx)).reminders).toBe(1);
    await Promise.all([runEventJobsOnce(ctx), runEventJobsOnce(ctx)]);
    setClock('2030-03-14T20:00:00Z');
    await runEventJobsOnce(ctx);
    const sent = await reminders();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toContain('16:00');
    expect(sent[0]!.body.length).toBeLessThanOrEqual(300);
  });
});

describe('volunteer shifts', () => {
  async function shift(startsAt: string, slots = 2) {
    const event = await createEvent(t, admin, { starts_at: startsAt, ends_at: new Date(Date.parse(startsAt) + 8 * HOUR).toISOString() });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/events/${event.id}/shifts`,
      headers: auth(admin),
      payload: { label: 'Accueil du matin', starts_at: startsAt, ends_at: new Date(Date.parse(startsAt) + 4 * HOUR).toISOString(), slots },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  }

  it('asks for confirmation 48 hours before, once, and a confirmed slot stays', async () => {
    setClock('2030-04-01T08:00:00Z');
    const shiftId = await shift('2030-04-10T08:00:00.000Z');
    const volunteer = await insertVolunteer(t, '+2290193000001');
    const token = await openVolunteerSession(t.db, volunteer);
    const take = await t.app.inject({ method: 'POST', url: `/api/shifts/${shiftId}/signups`, headers: auth(token) });
    expect(take.statusCode).toBe(201);
    expect((await t.app.inject({ method: 'POST', url: `/api/shifts/${shiftId}/signups`, headers: auth(token) })).statusCode).toBe(409);
    const mine = await t.app.inject({ method: 'GET', url: '/api/volunteers/me/shifts', headers: auth(token) });
    expect(mine.json().find((s: { id: number }) => s.id === shiftId)).toMatchObject({ my_status: 'inscrit', slots_left: 1 });

    const ctx = await eventsContextOf(t.app);
    setClock('2030-04-08T07:00:00Z'); // 49 hours before
    await runEventJobsOnce(ctx);
    expect(await smsTo(t, '+2290193000001')).toHaveLength(0);
    setClock('2030-04-08T08:30:00Z');
    await Promise.all([runEventJobsOnce(ctx), runEventJobsOnce(ctx)]);
    setClock('2030-04-08T12:00:00Z');
    await runEventJobsOnce(ctx);
    const sms = await smsTo(t, '+2290193000001');
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toContain('Confirmez votre présence');
    // The link confirms without signing in.
    const link = new URL(sms[0]!.body.match(/https?:\/\/\S+/)![0]);
    const confirm = await t.app.inject({
      method: 'POST',
      url: `/api/shifts/${link.searchParams.get('confirmer')}/confirm`,
      payload: { s: link.searchParams.get('s'), sig: link.searchParams.get('sig') },
    });
    expect(confirm.statusCode).toBe(200);
    setClock('2030-04-09T09:00:00Z'); // 23 hours before: a confirmed slot is kept
    await runEventJobsOnce(ctx);
    const row = await t.db.selectFrom('shift_signups').selectAll().where('volunteer_id', '=', volunteer).executeTakeFirstOrThrow();
    expect(row.status).toBe('confirme');
  });

  it('offers an unconfirmed slot to the others 24 hours before', async () => {
    setClock('2030-05-01T08:00:00Z');
    const shiftId = await shift('2030-05-10T08:00:00.000Z', 1);
    const late = await insertVolunteer(t, '+2290193000011');
    const other = await insertVolunteer(t, '+2290193000012', 'Rachida Bello');
    await t.app.inject({ method: 'POST', url: `/api/shifts/${shiftId}/signups`, headers: auth(await openVolunteerSession(t.db, late)) });
    const otherToken = await openVolunteerSession(t.db, other);
    expect((await t.app.inject({ method: 'POST', url: `/api/shifts/${shiftId}/signups`, headers: auth(otherToken) })).json().message).toBe(
      'Ce créneau est complet.',
    );
    const ctx = await eventsContextOf(t.app);
    setClock('2030-05-09T09:00:00Z');
    await runEventJobsOnce(ctx);
    await runEventJobsOnce(ctx);
    const row = await t.db.selectFrom('shift_signups').selectAll().where('volunteer_id', '=', late).executeTakeFirstOrThrow();
    expect(row.status).toBe('libere');
    const offers = (await smsTo(t, '+2290193000012')).filter((m) => m.body.includes('place de bénévole est libre'));
    expect(offers).toHaveLength(1);
    expect((await t.app.inject({ method: 'POST', url: `/api/shifts/${shiftId}/signups`, headers: auth(otherToken) })).statusCode).toBe(201);
  });

  it('records hours at check-in and check-out and gives an attestation de bénévolat', async () => {
    setClock('2030-06-01T08:00:00Z');
    const shiftId = await shift('2030-06-02T08:00:00.000Z');
    const volunteer = await insertVolunteer(t, '+2290193000021');
    const token = await openVolunteerSession(t.db, volunteer);
    await t.app.inject({ method: 'POST', url: `/api/shifts/${shiftId}/signups`, headers: auth(token) });
    expect((await t.app.inject({ method: 'POST', url: `/api/shifts/${shiftId}/check-out`, headers: auth(token) })).statusCode).toBe(409);
    setClock('2030-06-02T08:00:00Z');
    expect((await t.app.inject({ method: 'POST', url: `/api/shifts/${shiftId}/check-in`, headers: auth(token) })).statusCode).toBe(200);
    setClock('2030-06-02T11:30:00Z');
    const out = await t.app.inject({ method: 'POST', url: `/api/shifts/${shiftId}/check-out`, headers: auth(token) });
    expect(out.json()).toEqual({ checked_in_at: '2030-06-02T08:00:00.000Z', checked_out_at: '2030-06-02T11:30:00.000Z' });
    const pdf = await t.app.inject({ method: 'GET', url: '/api/volunteers/me/attestation', headers: auth(token) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await t.app.inject({ method: 'GET', url: '/api/volunteers/me/attestation' })).statusCode).toBe(401);
  });
});
