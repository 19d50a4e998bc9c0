import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { adminToken, auth, createEvent, registerTo, tokenOf } from './fixtures';

// CONTRACT « A cancellation promotes the waiting list in order »: freed seats belong to the people waiting, first in
// line first. A newcomer queues behind them even when a seat is free (one too few for the first in line), and the
// event's seats_left shows no seat while anyone waits.

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
});
afterAll(async () => t?.close());

type Made = { id: number; status: string; ticket_url: string };
const register = async (eventId: number, seats: number): Promise<Made> => {
  const res = await registerTo(t, eventId, { seats });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const ticket = async (r: Made) =>
  (await t.app.inject({ method: 'GET', url: `/api/registrations/by-token/${tokenOf(r.ticket_url)}` })).json();
const cancel = (r: Made) => t.app.inject({ method: 'DELETE', url: `/api/registrations/by-token/${tokenOf(r.ticket_url)}` });
const seatsLeft = async (eventId: number) => {
  const one = (await t.app.inject({ method: 'GET', url: `/api/events/${eventId}` })).json().seats_left;
  const listed = (await t.app.inject({ method: 'GET', url: '/api/events' }))
    .json()
    .find((e: { id: number }) => e.id === eventId).seats_left;
  const inAdmin = (await t.app.inject({ method: 'GET', url: '/api/admin/events', headers: auth(admin) }))
    .json()
    .find((e: { id: number }) => e.id === eventId).seats_left;
  expect(listed).toBe(one);
  expect(inAdmin).toBe(one);
  return one as number;
};

describe('the waiting list comes first', () => {
  it('a newcomer queues behind the people waiting, even for a free seat, and no seat shows as left', async () => {
    const event = await createEvent(t, admin, { capacity: 5 });
    const a = await register(event.id, 1);
    const b = await register(event.id, 4);
    const c = await register(event.id, 5);
    const d = await register(event.id, 1);
    expect([a.status, b.status, c.status, d.status]).toEqual(['confirme', 'confirme', 'liste_attente', 'liste_attente']);
    // A cancels: one seat is free, too few for C, and D stays behind C (promotion goes strictly in order).
    expect((await cancel(a)).statusCode).toBe(200);
    expect((await ticket(c)).status).toBe('liste_attente');
    expect(await ticket(d)).toMatchObject({ status: 'liste_attente', waiting_position: 2 });
    expect(await seatsLeft(event.id)).toBe(0);
    // E comes for one seat: behind D, not ahead of them.
    const e = await register(event.id, 1);
    expect(e.status).toBe('liste_attente');
    expect(await ticket(e)).toMatchObject({ status: 'liste_attente', waiting_position: 3 });
    expect(await ticket(d)).toMatchObject({ status: 'liste_attente', waiting_position: 2 });
    // B cancels: five seats free, all C's.
    expect((await cancel(b)).statusCode).toBe(200);
    expect((await ticket(c)).status).toBe('confirme');
    expect(await ticket(d)).toMatchObject({ status: 'liste_attente', waiting_position: 1 });
    expect(await seatsLeft(event.id)).toBe(0);
    // C cancels: D then E, in order; nobody waits any more, the seats left show again.
    expect((await cancel(c)).statusCode).toBe(200);
    expect((await ticket(d)).status).toBe('confirme');
    expect((await ticket(e)).status).toBe('confirme');
    expect(await seatsLeft(event.id)).toBe(3);
    expect((await register(event.id, 3)).status).toBe('confirme');
  });

  it('with nobody waiting, a registration takes free seats as before', async () => {
    const event = await createEvent(t, admin, { capacity: 3 });
    expect((await register(event.id, 2)).status).toBe('confirme');
    expect(await seatsLeft(event.id)).toBe(1);
    const late = await register(event.id, 2);
    expect(late.status).toBe('liste_attente');
    // Someone waits for two: the seat left is theirs first, not a newcomer's.
    expect(await seatsLeft(event.id)).toBe(0);
    expect((await register(event.id, 1)).status).toBe('liste_attente');
  });
});
