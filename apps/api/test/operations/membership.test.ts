import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../src/platform/lib/clock';
import { queueDueReminders } from '../../src/modules/membership/reminders';
import { addMonths, extendPeriod, membershipStatus, validUntilFrom } from '../../src/modules/membership/period';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, seedUser } from '../helpers/users';
import { payThroughSandbox, profileMembership } from './helpers';
import { toE164 } from '../../src/platform/lib/phone';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://asbe.example.bj' });
});
afterAll(async () => t?.close());
afterEach(() => setClock(null));

const fee = (phone: string, type = 'cotisation') => ({
  name: 'Afi Membre',
  email: 'afi@example.bj',
  phone,
  amount: 5000,
  payment_type: type,
});

describe('period arithmetic', () => {
  it('adds calendar months, the 31st becoming the last day of a shorter month', () => {
    expect(addMonths('2026-03-10', 12)).toBe('2027-03-10');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
  });
  it('an early renewal extends from the current end, a late one from the day of payment', () => {
    expect(extendPeriod('2027-03-10', '2027-02-20', 12)).toBe('2028-03-10');
    expect(extendPeriod('2027-01-01', '2027-05-01', 12)).toBe('2028-05-01');
    expect(extendPeriod(null, '2026-06-15', 6)).toBe('2026-12-15');
  });
  it('replays payments in order; removing one (refund) shortens the period', () => {
    expect(validUntilFrom(['2026-03-10', '2027-02-20'], 12)).toBe('2028-03-10');
    expect(validUntilFrom(['2026-03-10'], 12)).toBe('2027-03-10');
    expect(validUntilFrom([], 12)).toBeNull();
  });
  it('status: à jour, à renouveler within 30 days, expirée after the end, aucune without', () => {
    expect(membershipStatus('2027-03-10', '2027-02-07')).toBe('a_jour');
    expect(membershipStatus('2027-03-10', '2027-02-08')).toBe('a_renouveler');
    expect(membershipStatus('2027-03-10', '2027-03-10')).toBe('a_renouveler');
    expect(membershipStatus('2027-03-10', '2027-03-11')).toBe('expiree');
    expect(membershipStatus(null, '2027-03-11')).toBe('aucune');
  });
});

describe('membership from payments (GET /api/profile)', () => {
  it('an approved payment of a logged-in account starts a period; an early renewal extends it from its end', async () => {
    const member = await seedUser(t, 'membre');
    expect(await profileMembership(t, member.token)).toEqual({ status: 'aucune', valid_until: null });

    setClock('2026-03-10T09:00:00Z');
    await payThroughSandbox(t, member.token, fee(member.telephone, 'adhesion'));
    expect(await profileMembership(t, member.token)).toEqual({ status: 'a_jour', valid_until: '2027-03-10' });

    setClock('2027-02-20T09:00:00Z');
    expect((await profileMembership(t, member.token)).status).toBe('a_renouveler');
    await payThroughSandbox(t, member.token, fee(member.telephone));
    expect(await profileMembership(t, member.token)).toEqual({ status: 'a_jour', valid_until: '2028-03-10' });
  });

  it('a late renewal counts from the day of payment; declined and anonymous payments count for nobody', async () => {
    const member = await seedUser(t, 'membre');
    setClock('2026-01-01T09:00:00Z');
    await payThroughSandbox(t, member.token, fee(member.telephone));
    setClock('2027-05-01T09:00:00Z');
    expect(await profileMembership(t, member.token)).toEqual({ status: 'expiree', valid_until: '2027-01-01' });
    await payThroughSandbox(t, member.token, fee(member.telephone), 'declined');
    await payThroughSandbox(t, null, fee(member.telephone));
    expect((await profileMembership(t, member.token)).valid_until).toBe('2027-01-01');
    await payThroughSandbox(t, member.token, fee(member.telephone));
    expect(await profileMembership(t, member.token)).toEqual({ status: 'a_jour', valid_until: '2028-05-01' });
  });

  it('cancelling (deleting) the payment that paid for a period gives it back', async () => {
    const admin = await seedUser(t, 'administrateur');
    const member = await seedUser(t, 'membre');
    setClock('2026-04-01T09:00:00Z');
    await payThroughSandbox(t, member.token, fee(member.telephone));
    const second = await payThroughSandbox(t, member.token, fee(member.telephone));
    expect((await profileMembership(t, member.token)).valid_until).toBe('2028-04-01');
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/payments/${second.id}`,
      headers: bearer(admin.token),
      payload: { reason: 'Saisie en double' },
    });
    expect(res.statusCode).toBe(200);
    expect((await profileMembership(t, member.token)).valid_until).toBe('2027-04-01');
  });
});

describe('GET /api/members', () => {
  it('lists accounts with status and end date, filtered by status, paginated; administrators only', async () => {
    const admin = await seedUser(t, 'administrateur');
    const renewing = await seedUser(t, 'membre');
    setClock('2026-06-01T09:00:00Z');
    await payThroughSandbox(t, renewing.token, fee(renewing.telephone));
    setClock('2027-05-20T09:00:00Z');

    const res = await t.app.inject({ method: 'GET', url: '/api/members?status=a_renouveler&per_page=100', headers: bearer(admin.token) });
    expect(res.statusCode).toBe(200);
    const row = res.json().find((m: { id: number }) => m.id === renewing.id);
    expect(row).toMatchObject({ status: 'a_renouveler', valid_until: '2027-06-01', telephone: renewing.telephone });
    expect(res.json().every((m: { status: string }) => m.status === 'a_renouveler')).toBe(true);
    expect(Number(res.headers['x-total-count'])).toBe(res.json().length);

    const none = await t.app.inject({ method: 'GET', url: '/api/members?status=aucune&per_page=100', headers: bearer(admin.token) });
    expect(none.json().some((m: { id: number }) => m.id === renewing.id)).toBe(false);
    expect(none.json().some((m: { id: number }) => m.id === admin.id)).toBe(true);

    const bad = await t.app.inject({ method: 'GET', url: '/api/members?status=vip', headers: bearer(admin.token) });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.status).toEqual(['Statut d’adhésion invalide.']);
    expect((await t.app.inject({ method: 'GET', url: '/api/members', headers: bearer(renewing.token) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/members' })).statusCode).toBe(401);
  });

  it('searches by name, telephone in any spelling and e-mail, with the matches counted, in the list and its CSV', async () => {
    const admin = await seedUser(t, 'administrateur');
    const found = await seedUser(t, 'membre', { name: 'Gbènoukpo Adjovi', email: 'gbenoukpo@example.bj' });
    await seedUser(t, 'membre', { name: 'Sènami Houngbo' });
    const search = async (q: string, extra = '') => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/members?q=${encodeURIComponent(q)}&per_page=100${extra}`,
        headers: bearer(admin.token),
      });
      expect(res.statusCode).toBe(200);
      return res;
    };
    const local = found.telephone.replace(/^\+229/, '');
    for (const q of ['Gbènoukpo', 'gbenoukpo@example.bj', found.telephone, local]) {
      const res = await search(q);
      expect(res.json().map((m: { id: number }) => m.id)).toEqual([found.id]);
      expect(res.headers['x-total-count']).toBe('1');
    }
    expect((await search('Gbènoukpo', '&status=a_jour')).json()).toEqual([]);
    expect((await search('Gbènoukpo', '&status=aucune')).json()).toHaveLength(1);
    const csv = await search('Gbènoukpo', '&format=csv');
    expect(csv.body).toContain('Gbènoukpo Adjovi');
    expect(csv.body).not.toContain('Sènami Houngbo');
  });
});

describe('membership reminders', () => {
  // Reminders only (a fee payment also gets its own approval notice), to the number in E.164 as the outbox stores it.
  const outbox = (to: string) =>
    t.db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('to_address', '=', toE164(to) ?? to)
      .where('dedupe_key', 'like', 'membership-reminder:%')
      .orderBy('id')
      .execute();

  it('queues each reminder once, on its day: 30 and 7 days before the end and 7 days after, by SMS and e-mail', async () => {
    const member = await seedUser(t, 'membre', { email: 'rappel@example.bj' });
    setClock('2026-02-01T09:00:00Z');
    await payThroughSandbox(t, member.token, fee(member.telephone)); // valid until 2027-02-01

    const runOn = async (day: string) => {
      setClock(`${day}T08:00:00Z`);
      await queueDueReminders(t.db, t.config.publicUrl);
      await queueDueReminders(t.db, t.config.publicUrl); // a second pass (or a second process) adds nothing
    };
    await runOn('2027-01-01'); // 31 days before
    expect(await outbox(member.telephone)).toHaveLength(0);
    await runOn('2027-01-02'); // 30 days before
    let sms = await outbox(member.telephone);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toContain('prend fin le 1 février 2027');
    expect(sms[0]!.body).toContain('https://asbe.example.bj/paiement?type=cotisation');
    expect(sms[0]!.body.length).toBeLessThanOrEqual(300);
    await runOn('2027-01-10');
    expect(await outbox(member.telephone)).toHaveLength(1);
    await runOn('2027-01-25'); // 7 days before
    await runOn('2027-01-26');
    await runOn('2027-02-05');
    expect(await outbox(member.telephone)).toHaveLength(2);
    await runOn('2027-02-08'); // 7 days after
    await runOn('2027-02-09');
    sms = await outbox(member.telephone);
    expect(sms).toHaveLength(3);
    expect(sms[2]!.body).toContain('a expiré le 1 février 2027');
    expect(sms.every((m) => m.channel === 'sms' && m.status === 'queued')).toBe(true);
    const mails = await outbox('rappel@example.bj');
    expect(mails.map((m) => m.subject)).toEqual([
      'Votre adhésion arrive à échéance',
      'Votre adhésion arrive à échéance',
      'Votre adhésion a expiré',
    ]);
  });

  it('a renewal starts a new period with its own reminders', async () => {
    const member = await seedUser(t, 'membre');
    setClock('2026-02-01T09:00:00Z');
    await payThroughSandbox(t, member.token, fee(member.telephone));
    setClock('2027-01-02T08:00:00Z');
    await queueDueReminders(t.db, t.config.publicUrl);
    await payThroughSandbox(t, member.token, fee(member.telephone)); // now valid until 2028-02-01
    setClock('2027-01-25T08:00:00Z');
    await queueDueReminders(t.db, t.config.publicUrl);
    expect(await outbox(member.telephone)).toHaveLength(1);
    setClock('2028-01-02T08:00:00Z');
    await queueDueReminders(t.db, t.config.publicUrl);
    const keys = (await outbox(member.telephone)).map((r) => r.dedupe_key);
    expect(keys).toEqual([`membership-reminder:${member.id}:2027-02-01:j-30:sms`, `membership-reminder:${member.id}:2028-02-01:j-30:sms`]);
  });
});
