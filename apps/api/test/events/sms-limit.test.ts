import { LIMITS } from '@shared/constants';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventsContextOf, runEventJobsOnce } from '../../src/modules/events';
import { setClock } from '../../src/platform/lib/clock';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { adminToken, auth, createEvent, registerTo, smsTo, tokenOf } from './fixtures';

// Anyone may type any telephone on the registration form, and everything done with a registration texts that number:
// its ticket or waiting-list notice, its cancellation, a promotion from the waiting list, the day-before reminder. One
// telephone receives at most LIMITS.eventSmsPerTelephonePerDay of them in 24 hours, whatever sent them
// (docs/product/events.md); past it the action still happens, without an SMS.

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
});
afterAll(async () => t?.close());
afterEach(() => setClock(null));

const LIMIT = LIMITS.eventSmsPerTelephonePerDay;
const HOUR = 3600_000;
const status = async (id: number) =>
  (await t.db.selectFrom('event_registrations').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const cancelByHolder = (ticketUrl: string) => t.app.inject({ method: 'DELETE', url: `/api/registrations/by-token/${tokenOf(ticketUrl)}` });

async function registerMany(eventId: number, telephone: string, n: number) {
  const answers = [];
  for (let i = 0; i < n; i += 1) {
    const res = await registerTo(t, eventId, { telephone });
    expect(res.statusCode, res.body).toBe(201);
    answers.push(res.json() as { id: number; status: string; ticket_url: string });
  }
  return answers;
}

describe('the daily limit of event SMS per telephone', () => {
  it('counts the cancellations: 10 registrations and 10 cancellations send 5 SMS, and every cancellation is done', async () => {
    const event = await createEvent(t, admin, { capacity: 50 });
    const made = await registerMany(event.id, '0197990001', 10);
    for (const r of made) expect((await cancelByHolder(r.ticket_url)).statusCode).toBe(200);
    for (const r of made) expect(await status(r.id)).toBe('annule');
    const sms = await smsTo(t, '+2290197990001');
    expect(sms).toHaveLength(LIMIT);
    expect(sms.every((m) => m.dedupe_key?.startsWith('event-ticket:'))).toBe(true);
  });

  it('holds under parallel requests: registrations and cancellations at once still send 5 SMS', async () => {
    const event = await createEvent(t, admin, { capacity: 50 });
    const early = await registerMany(event.id, '0197990011', 2);
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, () => registerTo(t, event.id, { telephone: '0197990011' })),
      ...early.map((r) => cancelByHolder(r.ticket_url)),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([...Array(2).fill(200), ...Array(8).fill(201)]);
    expect(await smsTo(t, '+2290197990011')).toHaveLength(LIMIT);
  });

  it('counts the cancellations and the promotions it causes, together with the tickets of the day', async () => {
    const event = await createEvent(t, admin, { capacity: 1 });
    const [first, second, third] = await registerMany(event.id, '0197990002', 3);
    expect([first!.status, second!.status, third!.status]).toEqual(['confirme', 'liste_attente', 'liste_attente']);
    // Ticket + 2 waiting-list notices; the cancellation and the promotion it causes make 5.
    expect((await cancelByHolder(first!.ticket_url)).statusCode).toBe(200);
    expect(await status(second!.id)).toBe('confirme');
    const bodies = (await smsTo(t, '+2290197990002')).map((m) => m.body);
    expect(bodies).toHaveLength(LIMIT);
    expect(bodies[3]).toContain('une place s’est libérée');
    expect(bodies[4]).toContain('est annulée, comme vous l’avez demandé');
    // Past the limit: the next cancellation still promotes the third, without any SMS.
    expect((await cancelByHolder(second!.ticket_url)).statusCode).toBe(200);
    expect(await status(third!.id)).toBe('confirme');
    expect(await smsTo(t, '+2290197990002')).toHaveLength(LIMIT);
  });

  it('capacity 1, 8 registrations with one telephone, each cancelled in turn: 5 SMS, every seat still promoted in order', async () => {
    const event = await createEvent(t, admin, { capacity: 1 });
    const made = await registerMany(event.id, '0197990003', 8);
    for (const [i, r] of made.entries()) {
      expect((await cancelByHolder(r.ticket_url)).statusCode).toBe(200);
      if (i + 1 < made.length) expect(await status(made[i + 1]!.id)).toBe('confirme');
    }
    expect(await smsTo(t, '+2290197990003')).toHaveLength(LIMIT);
    // Another telephone is told as usual.
    const other = (await registerTo(t, event.id, { telephone: '0197990004' })).json();
    expect(other.status).toBe('confirme');
    expect(await smsTo(t, '+2290197990004')).toHaveLength(1);
  });

  it('counts an administrator’s cancellation of a registration, but tells each telephone of a cancelled event once, past the limit too', async () => {
    const event = await createEvent(t, admin, { capacity: 50, title: 'Forum de l’emploi' });
    const flooded = await registerMany(event.id, '0197990005', LIMIT + 2);
    await registerMany(event.id, '0197990006', 2);
    expect(await smsTo(t, '+2290197990005')).toHaveLength(LIMIT);
    // The administrator cleans up one of them: its holder is over the limit, no SMS.
    const one = await t.app.inject({ method: 'DELETE', url: `/api/admin/registrations/${flooded[0]!.id}`, headers: auth(admin) });
    expect(one.statusCode).toBe(200);
    expect(await smsTo(t, '+2290197990005')).toHaveLength(LIMIT);
    // The whole event is cancelled: one SMS per telephone, however many registrations it holds, even past the limit.
    const cancel = await t.app.inject({ method: 'POST', url: `/api/admin/events/${event.id}/cancel`, headers: auth(admin), payload: {} });
    expect(cancel.statusCode).toBe(200);
    const told = (await smsTo(t, '+2290197990005')).filter((m) => m.body.includes('est annulé.'));
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain('l’événement «\u00a0Forum de l’emploi\u00a0» est annulé');
    expect((await smsTo(t, '+2290197990006')).filter((m) => m.body.includes('est annulé.'))).toHaveLength(1);
    expect(await smsTo(t, '+2290197990006')).toHaveLength(3);
  });

  it('counts the day-before reminder: 15 registrations with one telephone to tomorrow’s event send 5 SMS, not 5 + 15', async () => {
    // The next 09:00 in Cotonou (08:00 UTC) after now, when the reminders of the next day's events leave: the tickets
    // sent now are less than 24 hours old then.
    const now = Date.now();
    let nine = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate(), 8);
    if (nine <= now) nine += 24 * HOUR;
    const starts = nine + 26 * HOUR; // 11:00 in Cotonou, the next day
    const event = await createEvent(t, admin, {
      capacity: 50,
      starts_at: new Date(starts).toISOString(),
      ends_at: new Date(starts + 3 * HOUR).toISOString(),
    });
    await registerMany(event.id, '0197990007', 15);
    expect(await smsTo(t, '+2290197990007')).toHaveLength(LIMIT);
    setClock(new Date(nine));
    const ctx = await eventsContextOf(t.app);
    await runEventJobsOnce(ctx);
    await runEventJobsOnce(ctx);
    expect(await smsTo(t, '+2290197990007')).toHaveLength(LIMIT);
  });
});

describe('the day-before reminder', () => {
  it('goes once per telephone and event, listing its tickets and seats with the first ticket', async () => {
    setClock('2030-05-01T10:00:00Z');
    const event = await createEvent(t, admin, {
      title: 'Journée de la femme',
      starts_at: '2030-05-20T15:00:00.000Z',
      ends_at: '2030-05-20T18:00:00.000Z',
    });
    const first = (await registerTo(t, event.id, { telephone: '0197990008', seats: 2 })).json();
    const second = (await registerTo(t, event.id, { telephone: '0197990008', seats: 3 })).json();
    await registerTo(t, event.id, { telephone: '0197990009', seats: 1 });
    const code = (await t.app.inject({ method: 'GET', url: `/api/registrations/by-token/${tokenOf(first.ticket_url)}` })).json().code;
    const reminders = async (e164: string) => (await smsTo(t, e164)).filter((m) => m.body.includes('rappel'));
    const ctx = await eventsContextOf(t.app);
    setClock('2030-05-19T08:00:00Z'); // 09:00 in Cotonou, the day before
    expect((await runEventJobsOnce(ctx)).reminders).toBe(2);
    await Promise.all([runEventJobsOnce(ctx), runEventJobsOnce(ctx)]);
    const many = await reminders('+2290197990008');
    expect(many).toHaveLength(1);
    expect(many[0]!.body).toContain('Vos 2 billets, 5 places. Premier billet\u00a0: ');
    expect(many[0]!.body).toContain(code);
    expect(many[0]!.body).toContain(`/billet/${tokenOf(first.ticket_url)}`);
    expect(many[0]!.body.length).toBeLessThanOrEqual(300);
    expect(await reminders('+2290197990009')).toHaveLength(1);
    // Its first ticket cancelled afterwards, the telephone still holds one: no second reminder.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/registrations/by-token/${tokenOf(first.ticket_url)}` })).statusCode).toBe(
      200,
    );
    setClock('2030-05-19T12:00:00Z');
    expect((await runEventJobsOnce(ctx)).reminders).toBe(0);
    expect(await reminders('+2290197990008')).toHaveLength(1);
    expect(await status(second.id)).toBe('confirme');
  });

  it('stays within 300 characters with the longest title and place', async () => {
    setClock('2030-06-01T10:00:00Z');
    const event = await createEvent(t, admin, {
      title: 'Grande journée de sensibilisation et de dépistage gratuit à Cotonou',
      place: 'Centre de promotion sociale de Sainte-Rita, 13e arrondissement, derrière le marché',
      starts_at: '2030-09-24T15:00:00.000Z',
      ends_at: '2030-09-24T18:00:00.000Z',
    });
    await registerTo(t, event.id, { telephone: '0197990010', seats: 5 });
    await registerTo(t, event.id, { telephone: '0197990010', seats: 5 });
    setClock('2030-09-23T08:00:00Z');
    await runEventJobsOnce(await eventsContextOf(t.app));
    const reminder = (await smsTo(t, '+2290197990010')).filter((m) => m.body.includes('rappel'));
    expect(reminder).toHaveLength(1);
    expect(reminder[0]!.body.length).toBeLessThanOrEqual(300);
  });
});
