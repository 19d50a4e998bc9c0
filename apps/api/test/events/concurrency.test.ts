import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { adminToken, createEvent, registerTo } from './fixtures';

// The public forms' limit is set low here (5 a minute): registrations have their own, per event and address.
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: { login: 1000, publicForms: 5 } });
  admin = await adminToken(t);
});
afterAll(async () => t?.close());

describe('capacity under concurrency', () => {
  it('100 parallel registrations for 10 seats from one address confirm exactly 10, the rest wait', async () => {
    const event = await createEvent(t, admin, { capacity: 10 });
    const answers = await Promise.all(Array.from({ length: 100 }, () => registerTo(t, event.id)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(100).fill(201));
    const statuses = answers.map((a) => a.json().status as string);
    expect(statuses.filter((s) => s === 'confirme')).toHaveLength(10);
    expect(statuses.filter((s) => s === 'liste_attente')).toHaveLength(90);
    const rows = await t.db.selectFrom('event_registrations').select(['status', 'seats']).where('event_id', '=', event.id).execute();
    expect(rows.filter((r) => r.status === 'confirme').reduce((n, r) => n + r.seats, 0)).toBe(10);
    const seen = await t.app.inject({ method: 'GET', url: `/api/events/${event.id}` });
    expect(seen.json().seats_left).toBe(0);
  });

  it('seats of several per registration never exceed the capacity either', async () => {
    const event = await createEvent(t, admin, { capacity: 7 });
    await Promise.all(Array.from({ length: 30 }, (_, i) => registerTo(t, event.id, { seats: (i % 3) + 1 })));
    const rows = await t.db.selectFrom('event_registrations').select(['status', 'seats']).where('event_id', '=', event.id).execute();
    const confirmed = rows.filter((r) => r.status === 'confirme').reduce((n, r) => n + r.seats, 0);
    expect(confirmed).toBeLessThanOrEqual(7);
    const counter = await t.db.selectFrom('events').select('seats_taken').where('id', '=', event.id).executeTakeFirstOrThrow();
    expect(counter.seats_taken).toBe(confirmed);
  });

  it('the per-event limit is not the public forms’ one: the forms still answer 429 past theirs', async () => {
    const answers = [];
    for (let i = 0; i < 7; i += 1) answers.push((await t.app.inject({ method: 'GET', url: '/api/registrations/by-token/1.x' })).statusCode);
    expect(answers).toContain(429);
  });
});
