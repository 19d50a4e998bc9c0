import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { adminToken, auth, createEvent, insertVolunteer, registerTo, tokenOf } from './fixtures';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
});
afterAll(async () => t?.close());

const ticket = async (url: string) => (await t.app.inject({ method: 'GET', url: `/api/registrations/by-token/${tokenOf(url)}` })).json();

describe('the coordinator’s view of an event', () => {
  it('lists registrations with the waiting list’s positions, also on each waiting ticket, and they move up on a cancellation', async () => {
    const event = await createEvent(t, admin, { capacity: 1 });
    const seated = (await registerTo(t, event.id)).json();
    const first = (await registerTo(t, event.id)).json();
    const second = (await registerTo(t, event.id)).json();
    expect(second.status).toBe('liste_attente');
    const list = (await t.app.inject({ method: 'GET', url: `/api/admin/events/${event.id}/attendance`, headers: auth(admin) })).json();
    expect(list.map((r: { waiting_position: number | null }) => r.waiting_position)).toEqual([null, 1, 2]);
    expect(await ticket(second.ticket_url)).toMatchObject({ status: 'liste_attente', waiting_position: 2 });
    expect(await ticket(seated.ticket_url)).toMatchObject({ status: 'confirme', waiting_position: null });
    // The coordinator cancels the waiting first one: the second becomes first.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/registrations/${first.id}`, headers: auth(admin) })).statusCode).toBe(
      200,
    );
    expect(await ticket(second.ticket_url)).toMatchObject({ waiting_position: 1 });
  });

  it('chooses reception volunteers by name among confirmed, not erased, volunteers', async () => {
    const event = await createEvent(t, admin);
    const id = await insertVolunteer(t, '+2290191800001', 'Bienvenu Agossou');
    const erased = await insertVolunteer(t, '+2290191800002', 'Bénévole anonymisé');
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/events/${event.id}/reception`, headers: auth(admin) });
    expect(res.statusCode).toBe(200);
    const candidates = res.json().candidates as { id: number; name: string }[];
    expect(candidates).toContainEqual({ id, name: 'Bienvenu Agossou' });
    expect(candidates.map((c) => c.id)).not.toContain(erased);
    expect(res.json().volunteer_ids).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/events/${event.id}/reception` })).statusCode).toBe(401);
  });
});
