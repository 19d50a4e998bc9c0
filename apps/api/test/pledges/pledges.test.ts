import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { smsWireText } from '@shared/schemas/sms-commands';
import { runPledgeDues } from '../../src/modules/pledges';
import { setClock } from '../../src/platform/lib/clock';
import { openSecondConnection } from '../helpers/second-connection';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, seedUser } from '../helpers/users';
import { answerCheckout, linkFromLastSms, makePledge, PLEDGE, pledgeMessages } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://asbe.example.bj' });
});
afterAll(async () => t?.close());
afterEach(() => setClock(null));

const dues = (day: string, hour = '09:00') => {
  setClock(`${day}T${hour}:00Z`);
  return runPledgeDues(t.db, t.config.publicUrl);
};
/** The GSM 7-bit alphabet's basic set: an SMS written in it costs 153 characters a segment, not 67. */
const GSM = /^[A-Za-z0-9 @£$¥èéùìòÇ\nØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ!"#¤%&'()*+,\-./:;<=>?¡ÄÖÑÜ§¿äöñüà]*$/;
const view = (token: string) => t.app.inject({ method: 'GET', url: `/api/pledges/by-token/${token}` });
const patch = (token: string, payload: object) => t.app.inject({ method: 'PATCH', url: `/api/pledges/by-token/${token}`, payload });

describe('making a pledge', () => {
  it('opens the first checkout at once: approved in the sandbox, it is a donation with a receipt linked to the pledge', async () => {
    setClock('2026-11-25T10:00:00Z');
    const pledge = await makePledge(t, { email: 'awa@example.bj' });
    expect(pledge.manage_url).toMatch(/^https:\/\/asbe\.example\.bj\/engagement\/[\w-]{43}$/);
    const donation = await t.db.selectFrom('donations').selectAll().where('pledge_id', '=', pledge.id).executeTakeFirstOrThrow();
    expect(donation).toMatchObject({
      amount: 5000,
      purpose: 'sante',
      transaction_status: 'approved',
      pledge_due: '2026-11-25',
      phone: '+2290197123456',
    });
    expect(donation.receipt_number).toBeTruthy();
    // The token is stored hashed only.
    const stored = await t.db.selectFrom('pledge_tokens').select('token_hash').where('pledge_id', '=', pledge.id).execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(pledge.token);

    const res = await view(pledge.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'active', next_due: '2026-12-25', monthly_amount: 5000, frequency: 'mensuel' });
    expect(body.payments).toHaveLength(1);
    expect(body.payments[0]).toMatchObject({ due_date: '2026-11-25', transaction_status: 'approved' });
    expect(body.payments[0].receipt_url).toMatch(/^\/api\/receipts\//);
    // Counted like any donation: the cause's progress includes it.
    const progress = (await t.app.inject({ method: 'GET', url: '/api/causes/progress' })).json() as Array<{
      purpose: string;
      raised: number;
    }>;
    expect(progress.find((p) => p.purpose === 'sante')!.raised).toBeGreaterThanOrEqual(5000);
    // The confirmation SMS (queued once the first gift is approved) carries a fresh management link, under 300 characters.
    const [sms] = (await pledgeMessages(t, pledge.id, 'created')).filter((m) => m.channel === 'sms');
    expect(sms!.to_address).toBe('+2290197123456');
    expect(sms!.body).toMatch(/\/engagement\/[\w-]{20,}/);
    expect(sms!.body.length).toBeLessThanOrEqual(300);
    expect(smsWireText(sms!.body)).toMatch(GSM);
  });

  it('refuses bad input with French messages, and links a signed-in donor to the account', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/pledges', payload: { ...PLEDGE, frequency: 'hebdo', telephone: '' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.frequency).toEqual(['Fréquence invalide : mensuel, trimestriel ou annuel.']);
    expect(bad.json().errors.telephone).toEqual(['Le numéro de téléphone est requis.']);

    const member = await seedUser(t, 'membre');
    const pledge = await makePledge(t, { telephone: member.telephone }, 'approved', member.token);
    const row = await t.db.selectFrom('pledges').selectAll().where('id', '=', pledge.id).executeTakeFirstOrThrow();
    expect(row.user_id).toBe(member.id);
    const own = await t.app.inject({ method: 'GET', url: '/api/profile/pledges', headers: bearer(member.token) });
    expect(own.json().map((p: { id: number }) => p.id)).toEqual([pledge.id]);
    const money = await t.app.inject({ method: 'GET', url: '/api/profile/money', headers: bearer(member.token) });
    expect(money.json().some((m: { kind: string; amount: number }) => m.kind === 'donation' && m.amount === 5000)).toBe(true);
    const paused = await t.app.inject({
      method: 'PATCH',
      url: `/api/profile/pledges/${pledge.id}`,
      payload: { action: 'pause' },
      headers: bearer(member.token),
    });
    expect(paused.json().pledge.status).toBe('paused');
    const other = await seedUser(t, 'membre');
    const denied = await t.app.inject({
      method: 'PATCH',
      url: `/api/profile/pledges/${pledge.id}`,
      payload: { action: 'cancel' },
      headers: bearer(other.token),
    });
    expect(denied.statusCode).toBe(404);
  });
});

describe('the due job', () => {
  it('sends exactly one due SMS per pledge and due date, even with two workers on two connections at once', async () => {
    setClock('2027-01-10T10:00:00Z');
    const a = await makePledge(t);
    const b = await makePledge(t, { telephone: '0196000001', frequency: 'trimestriel', amount: 9000 });
    // On PostgreSQL a second pool, as a second process would have. On SQLite a second connection in this same process
    // would block its only thread while waiting for the first one's lock (separate processes simply wait): the two
    // workers share the connection and interleave at every query instead.
    const postgres = t.config.database.dialect === 'postgres';
    const second = postgres ? openSecondConnection(t) : t.db;
    try {
      setClock('2027-02-10T09:00:00Z');
      const results = await Promise.all([
        runPledgeDues(t.db, t.config.publicUrl),
        runPledgeDues(second, t.config.publicUrl),
        runPledgeDues(t.db, t.config.publicUrl),
        runPledgeDues(second, t.config.publicUrl),
      ]);
      expect(results.reduce((s, r) => s + r.due, 0)).toBeGreaterThanOrEqual(1);
    } finally {
      if (postgres) await second.destroy();
    }
    const dueSms = (await pledgeMessages(t, a.id, 'due')).filter((m) => m.channel === 'sms');
    expect(dueSms).toHaveLength(1);
    expect(dueSms[0]!.dedupe_key).toBe(`pledge:${a.id}:2027-02-10:due:sms`);
    expect(dueSms[0]!.body).toContain("arrive à échéance aujourd'hui");
    expect(dueSms[0]!.body).toMatch(/https:\/\/asbe\.example\.bj\/engagement\/[\w-]{43}\/payer/);
    expect(dueSms[0]!.body.length).toBeLessThanOrEqual(300);
    expect(smsWireText(dueSms[0]!.body)).toMatch(GSM);
    expect(await pledgeMessages(t, b.id, 'due')).toHaveLength(0);
    // Later passes the same day and the next days add nothing.
    await dues('2027-02-10', '15:00');
    await dues('2027-02-11');
    expect(await pledgeMessages(t, a.id, 'due')).toHaveLength(1);
    // Before 08:00 in Cotonou nothing leaves; the quarterly pledge falls due three months on.
    await dues('2027-04-10', '06:00');
    expect(await pledgeMessages(t, b.id, 'due')).toHaveLength(0);
    await dues('2027-04-10');
    expect(await pledgeMessages(t, b.id, 'due')).toHaveLength(1);
  });

  it('follows the 31st rule: 28 February, 31 March, 30 April', async () => {
    setClock('2027-01-31T10:00:00Z');
    const p = await makePledge(t, { telephone: '0196000031' });
    for (const day of ['2027-02-27', '2027-02-28', '2027-03-30', '2027-03-31', '2027-04-29', '2027-04-30']) {
      const before = (await pledgeMessages(t, p.id, 'due')).length;
      await dues(day);
      if ((await pledgeMessages(t, p.id, 'due')).length === before) continue;
      // Each due paid through its SMS's link, so none goes unpaid.
      const pay = await t.app.inject({ method: 'POST', url: `/api/pledges/by-token/${await linkFromLastSms(t, p.id)}/pay` });
      expect(pay.json().due_date).toBe(day);
      await answerCheckout(t, pay.json().checkout_url);
    }
    const keys = (await pledgeMessages(t, p.id, 'due')).filter((m) => m.channel === 'sms').map((m) => m.dedupe_key);
    expect(keys).toEqual([`pledge:${p.id}:2027-02-28:due:sms`, `pledge:${p.id}:2027-03-31:due:sms`, `pledge:${p.id}:2027-04-30:due:sms`]);
  });

  it('reminds 3 days after an unpaid due, not after a paid one; pauses after two unpaid dues and says so', async () => {
    setClock('2027-05-05T10:00:00Z');
    const p = await makePledge(t, { telephone: '0196000005' });
    await dues('2027-06-05');
    await dues('2027-06-07');
    expect(await pledgeMessages(t, p.id, 'reminder')).toHaveLength(0);
    await dues('2027-06-08');
    await dues('2027-06-08', '20:00');
    const reminders = await pledgeMessages(t, p.id, 'reminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.body).toContain("du 5 juin 2027 n'est pas encore versé");

    // The July due is paid through the link of its SMS: no reminder.
    await dues('2027-07-05');
    const token = await linkFromLastSms(t, p.id);
    const pay = await t.app.inject({ method: 'POST', url: `/api/pledges/by-token/${token}/pay` });
    expect(pay.statusCode).toBe(201);
    expect(pay.json()).toMatchObject({ due_date: '2027-07-05', amount: 5000 });
    await answerCheckout(t, pay.json().checkout_url);
    const again = await t.app.inject({ method: 'POST', url: `/api/pledges/by-token/${token}/pay` });
    expect(again.statusCode).toBe(409);
    await dues('2027-07-08');
    expect(await pledgeMessages(t, p.id, 'reminder')).toHaveLength(1);

    // August and September unpaid: October's due pauses the pledge instead of asking again.
    await dues('2027-08-05');
    await dues('2027-09-05');
    expect((await view(token)).json().status).toBe('active');
    await dues('2027-10-05');
    await dues('2027-10-05', '12:00');
    const pause = await pledgeMessages(t, p.id, 'pause');
    expect(pause.filter((m) => m.channel === 'sms')).toHaveLength(1);
    expect(pause[0]!.body).toContain('mis en pause après deux échéances non réglées');
    expect(smsWireText(pause[0]!.body)).toMatch(GSM);
    expect(smsWireText(reminders[0]!.body)).toMatch(GSM);
    expect(await pledgeMessages(t, p.id, 'due')).toHaveLength(4); // June, July, August, September
    expect((await view(token)).json()).toMatchObject({ status: 'paused', next_due: null });
    await dues('2027-11-05');
    expect(await pledgeMessages(t, p.id, 'due')).toHaveLength(4);
  });
});

describe('managing through the link', () => {
  it('pauses, resumes, skips the next due, changes amount and frequency, cancels', async () => {
    setClock('2027-03-15T10:00:00Z');
    const p = await makePledge(t, { telephone: '0196000015' });
    let res = await patch(p.token, { action: 'pause' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Votre engagement est en pause.', pledge: { status: 'paused' } });
    expect((await patch(p.token, { action: 'pause' })).statusCode).toBe(409);
    await dues('2027-04-15');
    expect(await pledgeMessages(t, p.id, 'due')).toHaveLength(0);

    setClock('2027-04-20T10:00:00Z');
    res = await patch(p.token, { action: 'resume' });
    expect(res.json().pledge).toMatchObject({ status: 'active', next_due: '2027-05-15' });

    res = await patch(p.token, { action: 'skip' });
    expect(res.json()).toMatchObject({ message: 'La prochaine échéance est sautée.', pledge: { next_due: '2027-06-15' } });
    await dues('2027-05-15');
    expect(await pledgeMessages(t, p.id, 'due')).toHaveLength(0);

    res = await patch(p.token, { amount: '9 000', frequency: 'trimestriel' });
    expect(res.json().pledge).toMatchObject({ amount: 9000, frequency: 'trimestriel', monthly_amount: 3000, next_due: '2027-06-15' });
    await dues('2027-06-15');
    expect((await pledgeMessages(t, p.id, 'due'))[0]!.body).toContain('trimestriel de 9\u00a0000\u00a0FCFA');
    expect((await view(p.token)).json().next_due).toBe('2027-09-15');

    const bad = await patch(p.token, { action: 'pause', amount: 2000 });
    expect(bad.statusCode).toBe(422);
    expect((await patch(p.token, {})).json().errors.action).toEqual(['Indiquez une action, un montant ou une fréquence.']);

    res = await patch(p.token, { action: 'cancel' });
    expect(res.json()).toMatchObject({ message: 'Votre engagement est arrêté.', pledge: { status: 'cancelled', next_due: null } });
    const after = await patch(p.token, { action: 'resume' });
    expect(after.statusCode).toBe(409);
    expect(after.json().message).toBe('Cet engagement est arrêté : il ne peut plus être modifié.');
    await dues('2027-09-15');
    expect(await pledgeMessages(t, p.id, 'due')).toHaveLength(1);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'pledge')
      .where('entity_id', '=', String(p.id))
      .execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['pledge.create', 'pledge.pause', 'pledge.resume', 'pledge.skip', 'pledge.change', 'pledge.cancel']),
    );
  });

  it('answers 404 with a French message for a wrong or an expired link', async () => {
    setClock('2027-03-01T10:00:00Z');
    const p = await makePledge(t, { telephone: '0196000016' });
    for (const token of ['inconnu', 'A'.repeat(43), `${p.token.slice(0, -1)}x`]) {
      const res = await view(token);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Ce lien d’engagement est invalide ou a expiré.');
      expect((await patch(token, { action: 'cancel' })).statusCode).toBe(404);
    }
    setClock('2027-06-28T10:00:00Z'); // 119 days on: still valid
    expect((await view(p.token)).statusCode).toBe(200);
    setClock('2027-06-30T10:00:00Z'); // 121 days on: expired
    const expired = await view(p.token);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().message).toBe('Ce lien d’engagement est invalide ou a expiré.');
  });
});

describe('the administrator', () => {
  it('lists pledges by status with payments and monthly amounts, the total in X-Monthly-Total, and as CSV', async () => {
    const admin = await seedUser(t, 'administrateur');
    const member = await seedUser(t, 'membre');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/pledges', headers: bearer(member.token) })).statusCode).toBe(403);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/pledges?status=active&per_page=100', headers: bearer(admin.token) });
    expect(res.statusCode).toBe(200);
    const items = res.json() as Array<{ status: string; amount: number; frequency: string; monthly_amount: number; payments: unknown[] }>;
    expect(items.every((i) => i.status === 'active')).toBe(true);
    const quarterly = items.find((i) => i.frequency === 'trimestriel' && i.amount === 9000)!;
    expect(quarterly.monthly_amount).toBe(3000);
    expect(Number(res.headers['x-monthly-total'])).toBe(items.reduce((s, i) => s + i.monthly_amount, 0));
    expect(items.some((i) => i.payments.length > 0)).toBe(true);

    const csv = await t.app.inject({ method: 'GET', url: '/api/admin/pledges?status=active&format=csv', headers: bearer(admin.token) });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body.startsWith('\uFEFFIdentifiant;Donateur;')).toBe(true);
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(items.length + 1);

    // Pledge payments are ordinary donations: the donations list, its CSV and the year-end receipts include them.
    const paid = await t.db
      .selectFrom('donations')
      .selectAll()
      .where('pledge_id', 'is not', null)
      .where('transaction_status', '=', 'approved')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const donations = await t.app.inject({ method: 'GET', url: '/api/donations?per_page=100', headers: bearer(admin.token) });
    expect(donations.json().map((d: { id: number }) => d.id)).toContain(paid.id);
    const donationsCsv = await t.app.inject({ method: 'GET', url: '/api/donations?format=csv', headers: bearer(admin.token) });
    expect(donationsCsv.body).toContain(paid.receipt_number!);
    const year = paid.paid_at!.slice(0, 4);
    const donors = await t.app.inject({
      method: 'GET',
      url: `/api/admin/year-receipts?year=${year}&per_page=100`,
      headers: bearer(admin.token),
    });
    expect(JSON.stringify(donors.json())).toContain(paid.phone!.slice(-8));

    const stats = await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: bearer(admin.token) });
    expect(stats.json().pledges.committed_monthly).toBe(Number(res.headers['x-monthly-total']));
  });
});
