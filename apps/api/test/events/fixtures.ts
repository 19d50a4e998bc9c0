import { expect } from 'vitest';
import { nowIso } from '../../src/platform/database/database';
import { ADMIN, type TestApp } from '../helpers/test-app';

const DAY = 24 * 3600_000;

export async function adminToken(t: TestApp): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { telephone: ADMIN.telephone, password: ADMIN.password } });
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

export function eventBody(overrides: Record<string, unknown> = {}) {
  const start = Date.now() + 10 * DAY;
  return {
    title: 'Journée de santé à Akpakpa',
    description: 'Dépistage gratuit, conseils et orientation.',
    starts_at: new Date(start).toISOString(),
    ends_at: new Date(start + 6 * 3600_000).toISOString(),
    place: 'Place de l’Étoile rouge, Cotonou',
    capacity: 10,
    price_member: 0,
    price_public: 0,
    registration_closes_at: null,
    published: true,
    ...overrides,
  };
}

export async function createEvent(t: TestApp, token: string, overrides: Record<string, unknown> = {}) {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/events', headers: auth(token), payload: eventBody(overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; seats_left: number; starts_at: string };
}

let phoneCounter = 0;
export const nextPhone = () => {
  phoneCounter += 1;
  return `0197${String(process.pid % 100).padStart(2, '0')}${String(phoneCounter).padStart(4, '0')}`;
};

export async function registerTo(t: TestApp, eventId: number, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/registrations`,
    headers,
    payload: { name: 'Ahouéfa Houngbo', telephone: nextPhone(), seats: 1, ...body },
  });
}

export const tokenOf = (ticketUrl: string) => ticketUrl.split('/').pop()!;

export async function smsTo(t: TestApp, e164: string) {
  return t.db.selectFrom('outbox_messages').selectAll().where('to_address', '=', e164).where('channel', '=', 'sms').orderBy('id').execute();
}

export async function insertVolunteer(t: TestApp, telephone: string, name = 'Koffi Mensah') {
  const row = await t.db
    .insertInto('volunteers')
    .values({
      name,
      email: `${telephone.replace('+', '')}@example.bj`,
      telephone,
      profile_image: 'x.png',
      cv: 'cv.pdf',
      motivation_letter: 'm.pdf',
      criminal_record: 'c.pdf',
      domain: 'sante',
      is_confirmed: 1,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
