import { createHash, pbkdf2Sync } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openVolunteerSession } from '../../src/modules/events/shifts';
import { setClock } from '../../src/platform/lib/clock';
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
afterEach(() => setClock(null));

const checkIn = (eventId: number, token: string | null, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/events/${eventId}/check-ins`, headers: token ? auth(token) : {}, payload });

const cotonouHHMM = (iso: string) => new Date(new Date(iso).getTime() + 3600_000).toISOString().slice(11, 16);

/** The door opens 2 hours before the start: the clock is set to one hour before it. */
const atTheDoor = (event: { starts_at: string }) => setClock(new Date(Date.parse(event.starts_at) - 3600_000));

async function ticketOf(eventId: number, seats = 1) {
  const res = (await registerTo(t, eventId, { seats, name: 'Jean-Baptiste N’Dri' })).json();
  const ticket = (await t.app.inject({ method: 'GET', url: `/api/registrations/by-token/${tokenOf(res.ticket_url)}` })).json();
  return { id: res.id as number, token: tokenOf(res.ticket_url), code: ticket.code as string };
}

describe('check-in', () => {
  it('answers 200 {name, seats} the first time and 409 « Déjà enregistré à HH:MM » (Cotonou time) after', async () => {
    const event = await createEvent(t, admin);
    const ticket = await ticketOf(event.id, 3);
    atTheDoor(event);
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
    atTheDoor(event);
    const otherToken = await openVolunteerSession(t.db, elsewhere);
    expect((await checkIn(event.id, null, { code: ticket.code })).statusCode).toBe(401);
    const refused = await checkIn(event.id, otherToken, { code: ticket.code });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Vous n’êtes pas affecté à l’accueil de cet événement.');
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
    // Starting within the hour: scans dated 20 minutes ago are inside the accepted window (from 2 hours before the start).
    const soon = Date.now() + 3600_000;
    const event = await createEvent(t, admin, {
      starts_at: new Date(soon).toISOString(),
      ends_at: new Date(soon + 4 * 3600_000).toISOString(),
    });
    const ticket = await ticketOf(event.id);
    const list = await t.app.inject({ method: 'GET', url: `/api/events/${event.id}/check-ins`, headers: auth(admin) });
    expect(list.statusCode).toBe(200);
    const held = list.json().tickets[0];
    expect(held.token_hash).toBe(createHash('sha256').update(ticket.token).digest('hex'));
    // The short code only as a slow salted hash: PBKDF2-SHA-256, the event's own salt, at least 10 000 iterations.
    const { code_salt: salt, code_iterations: iterations } = list.json();
    expect(iterations).toBeGreaterThanOrEqual(10_000);
    expect(held.code_hash).toBe(pbkdf2Sync(ticket.code, salt, iterations, 32, 'sha256').toString('hex'));
    expect(held.code_hash).not.toBe(createHash('sha256').update(`${event.id}:${ticket.code}`).digest('hex'));
    const other = await createEvent(t, admin);
    await ticketOf(other.id);
    const otherList = (await t.app.inject({ method: 'GET', url: `/api/events/${other.id}/check-ins`, headers: auth(admin) })).json();
    expect(otherList.code_salt).not.toBe(salt);
    expect(JSON.stringify(list.json())).not.toContain(ticket.code);
    // No attendee telephone on the device.
    expect(Object.keys(held).sort()).toEqual(['checked_in_at', 'checked_in_device', 'code_hash', 'name', 'seats', 'status', 'token_hash']);

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
    atTheDoor(event);
    expect((await checkIn(event.id, admin, { code: ticket.code })).statusCode).toBe(200);
    const csv = await t.app.inject({ method: 'GET', url: `/api/admin/events/${event.id}/attendance?format=csv`, headers: auth(admin) });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment/);
    expect(csv.body.startsWith('\uFEFFNom;Téléphone;Places;Statut;Code;Montant (FCFA);Arrivée;Inscription')).toBe(true);
    expect(csv.body).toContain('Jean-Baptiste N’Dri');
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/events/${event.id}/attendance?format=csv` })).statusCode).toBe(401);
  });

  it('never cancels a checked-in ticket, so the waiting list is not promoted past capacity', async () => {
    const event = await createEvent(t, admin, { capacity: 1 });
    const ticket = await ticketOf(event.id);
    const waiting = (await registerTo(t, event.id)).json();
    expect(waiting.status).toBe('liste_attente');
    atTheDoor(event);
    expect((await checkIn(event.id, admin, { code: ticket.code })).statusCode).toBe(200);
    const byToken = await t.app.inject({ method: 'DELETE', url: `/api/registrations/by-token/${ticket.token}` });
    expect(byToken.statusCode).toBe(409);
    expect(byToken.json().message).toBe('Ce billet a déjà été enregistré à l’entrée : il ne peut plus être annulé.');
    const byAdmin = await t.app.inject({ method: 'DELETE', url: `/api/admin/registrations/${ticket.id}`, headers: auth(admin) });
    expect(byAdmin.statusCode).toBe(409);
    const row = await t.db.selectFrom('event_registrations').select('status').where('id', '=', waiting.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('liste_attente');
  });

  it('takes scanned_at from 2 hours before the start until 5 minutes after now, 422 otherwise', async () => {
    const soon = Date.now() + 3600_000;
    const event = await createEvent(t, admin, {
      starts_at: new Date(soon).toISOString(),
      ends_at: new Date(soon + 3600_000).toISOString(),
    });
    const ticket = await ticketOf(event.id);
    for (const scanned_at of [
      '2001-01-01T10:00:00.000Z',
      new Date(soon - 2 * 3600_000 - 60_000).toISOString(),
      new Date(Date.now() + 6 * 60_000).toISOString(),
    ]) {
      const res = await checkIn(event.id, admin, { code: ticket.code, scanned_at });
      expect(res.statusCode, scanned_at).toBe(422);
      expect(res.json().errors.scanned_at).toEqual([
        'L’heure du scan doit se situer entre 2 heures avant le début de l’événement et maintenant.',
      ]);
    }
    const ok = await checkIn(event.id, admin, { code: ticket.code, scanned_at: new Date(Date.now() + 2 * 60_000).toISOString() });
    expect(ok.statusCode).toBe(200);
  });

  it('a scan sent without its time happened now: refused before the door opens (2 hours before), and the holder may still cancel', async () => {
    const event = await createEvent(t, admin);
    const ticket = await ticketOf(event.id);
    const start = Date.parse(event.starts_at);
    setClock(new Date(start - 6 * 24 * 3600_000));
    const early = await checkIn(event.id, admin, { token: ticket.token });
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe(
      'L’accueil de cet événement ouvre 2 heures avant son début. Ce billet ne peut pas encore être enregistré.',
    );
    expect(early.json().errors.scanned_at).toEqual([early.json().message]);
    setClock(new Date(start - 2 * 3600_000 - 60_000));
    expect((await checkIn(event.id, admin, { code: ticket.code })).statusCode).toBe(422);
    const row = await t.db.selectFrom('event_registrations').select('checked_in_at').where('id', '=', ticket.id).executeTakeFirstOrThrow();
    expect(row.checked_in_at).toBeNull();
    // Not checked in, the ticket is still its holder's to cancel.
    setClock(new Date(start - 6 * 24 * 3600_000));
    const other = await ticketOf(event.id);
    expect((await checkIn(event.id, admin, { code: other.code })).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/registrations/by-token/${other.token}` })).statusCode).toBe(200);
    // From 2 hours before the start, the same scan checks in at the server's time.
    setClock(new Date(start - 2 * 3600_000));
    const open = await checkIn(event.id, admin, { token: ticket.token });
    expect(open.statusCode).toBe(200);
    expect(open.json().checked_in_at).toBe(new Date(start - 2 * 3600_000).toISOString());
  });

  it('reads « Billet annulé » for a cancelled ticket at the door, and the device list says so too', async () => {
    const event = await createEvent(t, admin);
    const ticket = await ticketOf(event.id);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/registrations/by-token/${ticket.token}` })).statusCode).toBe(200);
    for (const scan of [{ code: ticket.code }, { token: ticket.token }]) {
      const res = await checkIn(event.id, admin, scan);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Billet annulé : cette inscription a été annulée.');
    }
    const list = (await t.app.inject({ method: 'GET', url: `/api/events/${event.id}/check-ins`, headers: auth(admin) })).json();
    expect(list.tickets[0].status).toBe('annule');
  });
});
