import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openVolunteerSession } from '../../src/modules/events/shifts';
import { setClock } from '../../src/platform/lib/clock';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { pdfText } from '../helpers/pdf-text';
import { bearer, seedUser } from '../helpers/users';
import { adminToken, auth, createEvent, insertVolunteer } from './fixtures';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
});
afterAll(async () => t?.close());
afterEach(() => setClock(null));

const HOUR = 3600_000;
let phone = 0;
const nextVolunteerPhone = () => `+22901920${String(process.pid % 100).padStart(2, '0')}${String(++phone).padStart(3, '0')}`;

/** A 4-hour shift starting at `startsAt`, and a volunteer signed up to it. */
async function shiftWithVolunteer(startsAt: string) {
  setClock(new Date(Date.parse(startsAt) - 10 * 24 * HOUR));
  const event = await createEvent(t, admin, { starts_at: startsAt, ends_at: new Date(Date.parse(startsAt) + 8 * HOUR).toISOString() });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/events/${event.id}/shifts`,
    headers: auth(admin),
    payload: { label: 'Accueil du matin', starts_at: startsAt, ends_at: new Date(Date.parse(startsAt) + 4 * HOUR).toISOString(), slots: 3 },
  });
  expect(res.statusCode, res.body).toBe(201);
  const shiftId = res.json().id as number;
  const volunteer = await insertVolunteer(t, nextVolunteerPhone());
  const token = await openVolunteerSession(t.db, volunteer);
  expect((await t.app.inject({ method: 'POST', url: `/api/shifts/${shiftId}/signups`, headers: auth(token) })).statusCode).toBe(201);
  return { shiftId, token, eventId: event.id };
}

const stamp = (shiftId: number, token: string, what: 'in' | 'out') =>
  t.app.inject({ method: 'POST', url: `/api/shifts/${shiftId}/check-${what}`, headers: auth(token) });
const roster = async (shiftId: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/admin/shifts/${shiftId}/signups`, headers: auth(admin) })).json();
const confirmHours = (shiftId: number, signupId: number, payload: Record<string, unknown>, token = admin) =>
  t.app.inject({ method: 'POST', url: `/api/admin/shifts/${shiftId}/signups/${signupId}/hours`, headers: auth(token), payload });
const attestation = async (token: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/volunteers/me/attestation', headers: auth(token) });
  expect(res.statusCode).toBe(200);
  return pdfText(res.rawPayload);
};

describe('volunteer hours', () => {
  it('refuses a check-in 70 hours before and a check-out days later, in French', async () => {
    const { shiftId, token } = await shiftWithVolunteer('2031-01-10T08:00:00.000Z');
    setClock('2031-01-07T10:00:00Z'); // 70 hours before
    const early = await stamp(shiftId, token, 'in');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('L’arrivée s’enregistre au plus tôt 30 minutes avant le début du créneau.');
    setClock('2031-01-10T07:29:00Z');
    expect((await stamp(shiftId, token, 'in')).statusCode).toBe(409);
    setClock('2031-01-10T07:30:00Z');
    expect((await stamp(shiftId, token, 'in')).statusCode).toBe(200);
    // Arrived early, a departure before the start is refused (it would count nothing and could not be put right).
    const tooSoon = await stamp(shiftId, token, 'out');
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json().message).toBe('Le créneau n’a pas encore commencé\u00a0: le départ s’enregistre après son début.');
    setClock('2031-01-13T10:00:00Z'); // days after the end
    const late = await stamp(shiftId, token, 'out');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Le départ s’enregistre au plus tard 2 heures après la fin du créneau.');
    setClock('2031-01-10T14:00:00Z'); // exactly 2 hours after the end
    expect((await stamp(shiftId, token, 'out')).statusCode).toBe(200);
    // Counted inside the window only: 08:00–12:00, not 07:30–14:00.
    const [row] = await roster(shiftId);
    expect(row).toMatchObject({ served_minutes: 240, confirmed_minutes: null, name: 'Koffi Mensah' });
  });

  it('refuses a first check-in after the shift ended', async () => {
    const { shiftId, token } = await shiftWithVolunteer('2031-02-10T08:00:00.000Z');
    setClock('2031-02-10T12:01:00Z');
    const res = await stamp(shiftId, token, 'in');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Ce créneau est terminé : l’arrivée ne peut plus être enregistrée.');
  });

  it('puts only hours the coordinator confirmed on the attestation; minutes adjustable within the shift', async () => {
    const { shiftId, token } = await shiftWithVolunteer('2031-03-10T08:00:00.000Z');
    setClock('2031-03-10T08:00:00Z');
    await stamp(shiftId, token, 'in');
    setClock('2031-03-10T11:30:00Z');
    await stamp(shiftId, token, 'out');
    expect(await attestation(token)).toContain('Aucune heure de bénévolat confirmée');
    const [row] = await roster(shiftId);
    expect(row.served_minutes).toBe(210);
    // Not the volunteer, not a non-administrator.
    expect((await confirmHours(shiftId, row.id, { confirmed: true }, token)).statusCode).toBe(401);
    const member = await seedUser(t, 'membre');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/shifts/${shiftId}/signups/${row.id}/hours`,
          headers: bearer(member.token),
          payload: { confirmed: true },
        })
      ).statusCode,
    ).toBe(403);
    const tooMuch = await confirmHours(shiftId, row.id, { confirmed: true, minutes: 241 });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.minutes).toEqual(['Les minutes doivent être un nombre entier entre 0 et la durée du créneau.']);
    expect((await confirmHours(shiftId, row.id, { confirmed: false })).statusCode).toBe(422);
    const ok = await confirmHours(shiftId, row.id, { confirmed: true });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ confirmed_minutes: 210, message: 'Heures confirmées.' });
    expect(await attestation(token)).toContain('3 heures 30 minutes confirmées');
    expect((await confirmHours(shiftId, row.id, { confirmed: true, minutes: 180 })).json().confirmed_minutes).toBe(180);
    expect((await roster(shiftId))[0]).toMatchObject({ confirmed_minutes: 180 });
    expect(await attestation(token)).toContain('3 heures confirmées');
    // A signup of another shift is not this shift's.
    const other = await shiftWithVolunteer('2031-03-20T08:00:00.000Z');
    expect((await confirmHours(other.shiftId, row.id, { confirmed: true, minutes: 10 })).statusCode).toBe(404);
  });

  it('leaving the shift removes its hours from the attestation', async () => {
    const { shiftId, token } = await shiftWithVolunteer('2031-04-10T08:00:00.000Z');
    setClock('2031-04-10T08:00:00Z');
    await stamp(shiftId, token, 'in');
    setClock('2031-04-10T12:00:00Z');
    await stamp(shiftId, token, 'out');
    const [row] = await roster(shiftId);
    expect((await confirmHours(shiftId, row.id, { confirmed: true })).statusCode).toBe(200);
    expect(await attestation(token)).toContain('4 heures confirmées');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/shifts/${shiftId}/signups/me`, headers: auth(token) })).statusCode).toBe(200);
    expect(await attestation(token)).toContain('Aucune heure de bénévolat confirmée');
    expect((await roster(shiftId))[0]).toMatchObject({ status: 'annule', checked_in_at: null, confirmed_minutes: null });
  });
});
