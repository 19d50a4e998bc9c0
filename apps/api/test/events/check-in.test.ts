import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openVolunteerSession } from '../../src/modules/events/shifts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, seedUser } from '../helpers/users';
import { adminToken, auth, createEvent, insertVolunteer, registerTo, tokenOf } from './fixtures';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
});
afterAll(async () => t?.close());

const checkIn = (eventId: number, token: string | null, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/events/${eventId}/check-ins`, headers: token ? auth(token) : {}, payload });

const cotonouHHMM = (iso: string) => new Date(new Date(iso).getTime() + 3600_000).toISOString().slice(11, 16);

async function ticketOf(eventId: number, seats = 1) {
  const res = (await registerTo(t, eventId, { seats, name: 'Jean-Baptiste N’Dri' })).json();
  const ticket = (await t.app.inject({ method: 'GET', url: `/api/registrations/by-token/${tokenOf(res.ticket_url)}` })).json();
  return { id: res.id as number, token: tokenOf(res.ticket_url), code: ticket.code as string };
}

describe('check-in', () => {
  it('answers 200 {name, seats} the first time and 409 « Déjà enregistré à HH:MM » (Cotonou time) after', async () => {
    const event = await createEvent(t, admin);
    const ticket = await ticketOf(event.id, 3);
    const first = await checkIn(event.id, admin, { code: ticket.code.toLowerCase() });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ name: 'Jean-Baptiste N’Dri', seats: 3 });
    const second = await checkIn(event.id, admin, { token: ticket.token });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(`Déjà enregistré à ${cotonouHHMM(first.json().checked_in_at)}`);
    // A ticket of another event, or an unknown code, is not this event's.
    const other = await createEvent(t, admin);
    expect((await checkIn(other.id, admin, { code: ticket.code })).statusCode).toBe(404);
    expect((await checkIn(event.id, admin, {})).statusCode).toBe(422);
  });

  it('lets a volunteer assigned to the reception check in, not another volunteer nor a non-administrator', async () => {
    const event = await createEvent(t, admin);
    const ticket = await ticketOf(event.id);
    const atDoor = await insertVolunteer(t, '+2290195000001');
    const elsewhere = await insertVolunteer(t, '+2290195000002', 'Rachida Bello');
    const assign = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/events/${event.id}/reception`,
      headers: auth(admin),
      payload: { volunteer_ids: [atDoor] },
    });
    expect(assign.statusCode).toBe(200);
    const doorToken = await openVolunteerSession(t.db, atDoor);
    const otherToken = await openVolunteerSession(t.db, elsewhere);
    expect((await checkIn(event.id, null, { code: ticket.code })).statusCode).toBe(401);
    const refused = await checkIn(event.id, otherToken, { code: ticket.code });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Vous n'êtes pas affecté à l'accueil de cet événement.");
    const member = await seedUser(t, 'membre');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/events/${event.id}/check-ins`,
          headers: bearer(member.token),
          payload: { code: ticket.code },
        })
      ).statusCode,
    ).toBe(403);
    expect((await checkIn(event.id, doorToken, { code: ticket.code })).statusCode).toBe(200);
  });

  it('gives the reception the tickets as hashes, and merges two devices’ offline scans: the earliest scan wins', async () => {
    const event = await createEvent(t, admin);
    const ticket = await ticketOf(event.id);
    const list = await t.app.inject({ method: 'GET', url: `/api/events/${event.id}/check-ins`, headers: auth(admin) });
    expect(list.statusCode).toBe(200);
    const held = list.json().tickets[0];
    expect(held.token_hash).toBe(createHash('sha256').update(ticket.token).digest('hex'));
    expect(held.code_hash).toBe(createHash('sha256').update(`${event.id}:${ticket.code}`).digest('hex'));
    expect(JSON.stringify(list.json())).not.toContain(ticket.code);

    const earlier = new Date(Date.now() - 20 * 60_000).toISOString();
    const later = new Date(Date.now() - 5 * 60_000).toISOString();
    // Device B scanned later but reaches the server first.
    const b = await checkIn(event.id, admin, { token: ticket.token, scanned_at: later, device_id: 'appareil-b' });
    expect(b.statusCode).toBe(200);
    // Device A scanned first: its scan wins when it arrives.
    const a = await checkIn(event.id, admin, { code: ticket.code, scanned_at: earlier, device_id: 'appareil-a' });
    expect(a.statusCode).toBe(200);
    expect(a.json().checked_in_at).toBe(earlier);
    // Any further scan, from either device, is told when the ticket was first scanned.
    const again = await checkIn(event.id, admin, { code: ticket.code, scanned_at: later, device_id: 'appareil-b' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`Déjà enregistré à ${cotonouHHMM(earlier)}`);
    const after = (await t.app.inject({ method: 'GET', url: `/api/events/${event.id}/check-ins`, headers: auth(admin) })).json();
    expect(after.tickets[0]).toMatchObject({ checked_in_at: earlier, checked_in_device: 'appareil-a' });
    const attendance = await t.app.inject({ method: 'GET', url: `/api/admin/events/${event.id}/attendance`, headers: auth(admin) });
    expect(attendance.json().filter((r: { checked_in_at: string | null }) => r.checked_in_at)).toHaveLength(1);
  });

  it('exports the attendance list as a French CSV', async () => {
    const event = await createEvent(t, admin);
    const ticket = await ticketOf(event.id, 2);
    await checkIn(event.id, admin, { code: ticket.code });
    const csv = await t.app.inject({ method: 'GET', url: `/api/admin/events/${event.id}/attendance?format=csv`, headers: auth(admin) });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment/);
    expect(csv.body.startsWith('\uFEFFNom;Téléphone;Places;Statut;Code;Montant (FCFA);Arrivée;Inscription')).toBe(true);
    expect(csv.body).toContain('Jean-Baptiste N’Dri');
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/events/${event.id}/attendance?format=csv` })).statusCode).toBe(401);
  });
});
