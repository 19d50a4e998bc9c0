import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../src/platform/database/database';
import { queueDailyDigest } from '../../src/modules/messages/digest';
import { toE164 } from '../../src/platform/lib/phone';
import { pollPendingOnce } from '../../src/modules/payments/money';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';
import { outboxTo } from './helpers';

// Notices queued by changes elsewhere: each once, in French, ≤ 300 characters by SMS.

let t: TestApp;
let admin: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
});
afterAll(async () => t.close());

const put = (url: string) => t.app.inject({ method: 'PUT', url, headers: bearer(admin.token) });
const NBSP = '\u00a0';

describe('account confirmed', () => {
  it('tells the person by SMS and e-mail, with the login address, once', async () => {
    const user = await seedUser(t, 'consommateur', { confirmed: false, telephone: '97111111' });
    expect((await put(`/api/users/${user.id}/confirm`)).statusCode).toBe(200);
    expect((await put(`/api/users/${user.id}/confirm`)).statusCode).toBe(200);
    const sms = await outboxTo(t.db, '+2290197111111');
    expect(sms).toHaveLength(1);
    expect(sms[0]!.channel).toBe('sms');
    expect(sms[0]!.body).toBe(
      `ASBE${NBSP}: bonjour ${user.name}, votre compte est confirmé. Connectez-vous sur ${t.config.publicUrl}/connexion${NBSP}: touchez «${NBSP}Recevoir un code par SMS${NBSP}», un code est envoyé au 01 97 11 11 11.`,
    );
    expect(sms[0]!.body.length).toBeLessThanOrEqual(300);
    const mail = await outboxTo(t.db, user.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Votre compte ASBE est confirmé');
    expect(mail[0]!.body).toContain(`${t.config.publicUrl}/connexion`);
    expect(mail[0]!.body).not.toMatch(/mot de passe/i);
    expect(mail[0]!.html).toContain(`href="${t.config.publicUrl}/connexion"`);
  });
});

describe('volunteer confirmed', () => {
  it('tells the volunteer by e-mail, once', async () => {
    const now = nowIso();
    const v = await t.db
      .insertInto('volunteers')
      .values({
        name: 'Koffi Mensah',
        email: 'koffi@example.bj',
        profile_image: 'p.png',
        cv: 'cv.pdf',
        motivation_letter: 'l.pdf',
        criminal_record: 'c.pdf',
        domain: 'sante',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await put(`/api/volunteers/${v.id}/confirm`)).statusCode).toBe(200);
    expect((await put(`/api/volunteers/${v.id}/confirm`)).statusCode).toBe(200);
    const mail = await outboxTo(t.db, 'koffi@example.bj');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Votre candidature de bénévole est acceptée');
    expect(mail[0]!.body).toContain('Bonjour Koffi Mensah');
  });
});

describe('payments and donations', () => {
  async function initiate(kind: 'payment' | 'donation', body: Record<string, unknown>) {
    const res = await t.app.inject({ method: 'POST', url: `/api/${kind}/initiate`, payload: body });
    expect(res.statusCode).toBe(201);
    const table = kind === 'payment' ? 'payments' : 'donations';
    const row = await t.db
      .selectFrom(table as 'payments')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return { url: res.json().url as string, row };
  }
  async function choose(checkoutUrl: string, outcome: string) {
    const post = await t.app.inject({
      method: 'POST',
      url: checkoutUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `outcome=${outcome}`,
    });
    await t.app.inject({ method: 'GET', url: post.headers.location as string });
  }

  it('an approved payment sends the amount in FCFA and the receipt link, once', async () => {
    const { url, row } = await initiate('payment', {
      name: 'Awa Dossou',
      email: 'awa.pay@example.bj',
      phone: '01 96 00 00 01',
      amount: 5000,
      payment_type: 'adhesion',
    });
    await choose(url, 'approved');
    await t.app.inject({
      method: 'POST',
      url: '/api/payment',
      payload: { transaction_status: 'approved', transaction_id: row.transaction_id },
    });
    const sms = await outboxTo(t.db, '+2290196000001');
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toMatch(
      new RegExp(
        `^ASBE${NBSP}: votre paiement de 5${NBSP}000${NBSP}FCFA est confirmé\\. Merci${NBSP}! Reçu${NBSP}: ${t.config.publicUrl}/api/receipts/payment/${row.id}\\?signature=`,
      ),
    );
    expect(sms[0]!.body.length).toBeLessThanOrEqual(300);
    const link = sms[0]!.body.split(`Reçu${NBSP}: `)[1]!.replace(t.config.publicUrl, '');
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(200);
    expect(await outboxTo(t.db, 'awa.pay@example.bj')).toHaveLength(1);
  });

  it('a donor who left a telephone gets the receipt link; an anonymous donation sends nothing', async () => {
    const before = await t.db
      .selectFrom('outbox_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const anonymous = await initiate('donation', { amount: 2000, purpose: 'sante' });
    await choose(anonymous.url, 'approved');
    const after = await t.db
      .selectFrom('outbox_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));

    const { url, row } = await initiate('donation', { amount: 10000, purpose: 'education' });
    await t.db.updateTable('donations').set({ phone: '+22966000002', email: 'donor@example.bj' }).where('id', '=', row.id).execute();
    await choose(url, 'approved');
    const sms = await outboxTo(t.db, '+2290166000002');
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toContain(`votre don de 10${NBSP}000${NBSP}FCFA est bien reçu`);
    expect(sms[0]!.body).toContain(`/api/receipts/donation/${row.id}?signature=`);
    const mail = await outboxTo(t.db, 'donor@example.bj');
    expect(mail[0]!.subject).toBe('Merci pour votre don');
    expect(mail[0]!.html).toContain('Voir le reçu');
  });

  it('a pending mobile-money payment that later succeeds is told once, by the background re-check', async () => {
    const { url, row } = await initiate('payment', {
      name: 'Ines Houngbo',
      email: 'ines@example.bj',
      phone: '+22997000003',
      amount: 2500,
      payment_type: 'cotisation',
    });
    await choose(url, 'pending');
    expect(await outboxTo(t.db, '+2290197000003')).toHaveLength(0);
    await t.db.updateTable('sandbox_transactions').set({ status: 'approved' }).where('id', '=', row.transaction_id!).execute();
    // The re-check asks about each record at most every 30 s: this one was just asked.
    await t.db.updateTable('payments').set({ checked_at: null }).where('id', '=', row.id).execute();
    await pollPendingOnce(t.app.payments);
    await pollPendingOnce(t.app.payments);
    const sms = await outboxTo(t.db, '+2290197000003');
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toContain(`2${NBSP}500${NBSP}FCFA est confirmé`);
  });

  it('a pending payment that later fails is told once, with where to try again', async () => {
    const { url, row } = await initiate('payment', {
      name: 'Ines Houngbo',
      email: 'ines@example.bj',
      phone: '+22997000004',
      amount: 1000,
      payment_type: 'cotisation',
    });
    await choose(url, 'pending');
    await t.db.updateTable('sandbox_transactions').set({ status: 'declined' }).where('id', '=', row.transaction_id!).execute();
    await t.db.updateTable('payments').set({ checked_at: null }).where('id', '=', row.id).execute();
    await pollPendingOnce(t.app.payments);
    await choose(url, 'declined');
    const sms = await outboxTo(t.db, '+2290197000004');
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toBe(
      `ASBE${NBSP}: votre paiement de 1${NBSP}000${NBSP}FCFA n’a pas abouti. Vous pouvez réessayer sur ${t.config.publicUrl}/paiement`,
    );
  });

  it('the receipt e-mail signs with the organisation’s current name from its settings (issue 40)', async () => {
    const facts = {
      name: 'Entraide Bénin Solidaire',
      address: 'Akpakpa, Cotonou',
      registration_number: 'N° 2019/0456',
      telephone: '+229 01 97 12 34 56',
      email: 'contact@ebs.bj',
      social: { facebook: null, twitter: null, instagram: null, youtube: null },
      founder: null,
      receipt_signature_image: null,
    };
    const renamed = await t.app.inject({ method: 'PUT', url: '/api/admin/organisation', headers: bearer(admin.token), payload: facts });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const { url, row } = await initiate('donation', { amount: 3000, purpose: 'sante' });
    await t.db.updateTable('donations').set({ email: 'renamed@example.bj' }).where('id', '=', row.id).execute();
    await choose(url, 'approved');
    const mail = await outboxTo(t.db, 'renamed@example.bj');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.body).toContain('— Entraide Bénin Solidaire');
    expect(mail[0]!.html).toContain('Entraide Bénin Solidaire —');
    expect(mail[0]!.body).not.toContain('— ASBE');
  });
});

describe('daily administrator digest', () => {
  it('is queued once per day, only when something waits, from 07:00 Benin time', async () => {
    const digestTo = toE164(admin.telephone)!;
    const digests = async () => (await outboxTo(t.db, digestTo)).filter((r) => r.body.includes('en attente'));
    await t.db.updateTable('users').set({ is_confirmed: 1 }).execute();
    await t.db.updateTable('volunteers').set({ is_confirmed: 1 }).execute();
    await t.db.deleteFrom('testimonials').execute();
    await t.db.deleteFrom('projects').execute();
    const morning = new Date('2026-11-20T07:30:00Z'); // 08:30 in Cotonou
    expect(await queueDailyDigest(t.db, t.config.publicUrl, morning)).toBe(0);
    expect(await digests()).toHaveLength(0);

    await seedUser(t, 'consommateur', { confirmed: false });
    await seedUser(t, 'consommateur', { confirmed: false });
    expect(await queueDailyDigest(t.db, t.config.publicUrl, new Date('2026-11-20T05:30:00Z'))).toBe(0); // 06:30 in Cotonou
    expect(await queueDailyDigest(t.db, t.config.publicUrl, morning)).toBeGreaterThan(0);
    expect(await queueDailyDigest(t.db, t.config.publicUrl, new Date('2026-11-20T15:00:00Z'))).toBe(0);
    const sent = await digests();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toBe(`ASBE${NBSP}: en attente — 2 comptes à confirmer. ${t.config.publicUrl}/dashboard-administrateur`);
    expect(await queueDailyDigest(t.db, t.config.publicUrl, new Date('2026-11-21T07:30:00Z'))).toBeGreaterThan(0);
    expect(await digests()).toHaveLength(2);
  });
});
