import { openText } from '../../src/platform/storage/sealed-text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, createEvent } from '../events/fixtures';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, seedUser } from '../helpers/users';
import { makePledge } from '../pledges/helpers';

// « Mon espace » shows the tickets and pledges made with the telephone before the account existed (issue 41):
// linked at the first code sign-in, listed by GET /api/profile/tickets and /api/profile/pledges.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('tickets and pledges made with a telephone, in « Mon espace »', () => {
  it('lists them once the code sign-in has created the account', async () => {
    const event = await createEvent(t, await adminToken(t), { title: 'Journée de dépistage à Akpakpa' });
    const reg = await t.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/registrations`,
      payload: { name: 'Afiavi Donou', telephone: '0197660011', seats: 2 },
    });
    expect(reg.statusCode, reg.body).toBe(201);
    await makePledge(t, { name: 'Afiavi Donou', telephone: '0197660011' });

    expect((await t.app.inject({ method: 'POST', url: '/api/login/code/request', payload: { telephone: '0197660011' } })).statusCode).toBe(
      202,
    );
    const row = await t.db
      .selectFrom('outbox_messages')
      .select('secret')
      .where('to_address', '=', '+2290197660011')
      .where('body', 'like', '%code de connexion%')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login/code',
      payload: { telephone: '0197660011', code: openText(row.secret) },
    });
    expect(login.statusCode, login.body).toBe(200);
    const headers = bearer(login.json().token);

    const tickets = await t.app.inject({ method: 'GET', url: '/api/profile/tickets', headers });
    expect(tickets.statusCode).toBe(200);
    expect(tickets.json()).toEqual([
      expect.objectContaining({
        status: 'confirme',
        seats: 2,
        ticket_url: reg.json().ticket_url,
        event: expect.objectContaining({ title: 'Journée de dépistage à Akpakpa' }),
      }),
    ]);
    const pledges = await t.app.inject({ method: 'GET', url: '/api/profile/pledges', headers });
    expect(pledges.json()).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/profile/tickets' })).statusCode).toBe(401);
  });

  it('lists a ticket made with the account’s telephone after the account exists, at the next password sign-in', async () => {
    const person = await seedUser(t, 'sympathisant');
    const event = await createEvent(t, await adminToken(t), { title: 'Concert de soutien à Porto-Novo' });
    // Registered without signing in, with the account's telephone typed the local way.
    const local = person.telephone.replace(/^\+229/, '');
    const reg = await t.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/registrations`,
      payload: { name: person.name, telephone: local, seats: 1 },
    });
    expect(reg.statusCode, reg.body).toBe(201);
    const before = await t.app.inject({ method: 'GET', url: '/api/profile/tickets', headers: bearer(person.token) });
    expect(before.json()).toEqual([]);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { telephone: person.telephone, password: person.password },
    });
    expect(login.statusCode, login.body).toBe(200);
    const tickets = await t.app.inject({ method: 'GET', url: '/api/profile/tickets', headers: bearer(login.json().token) });
    expect(tickets.json()).toEqual([
      expect.objectContaining({ event: expect.objectContaining({ title: 'Concert de soutien à Porto-Novo' }) }),
    ]);
  });
});
