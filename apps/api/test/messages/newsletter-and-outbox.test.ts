import { NEWSLETTER_SEND_MESSAGES as N } from '@shared/schemas/newsletter-send';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { enqueueMessage } from '../../src/modules/messages/outbox';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';
import { startSmtpServer } from './helpers';

// Newsletter sending, unsubscribing and the outbox view, with e-mails delivered to a real SMTP server.

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
let admin: SeededUser;
let member: SeededUser;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ messages: { sms: { provider: 'outbox' }, smtpUrl: smtp.url, mailFrom: 'ASBE <no-reply@asbe.bj>' } });
  admin = await seedUser(t, 'administrateur');
  member = await seedUser(t, 'membre');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
beforeEach(async () => {
  smtp.mails.length = 0;
  await t.db.deleteFrom('outbox_messages').execute();
  await t.db.deleteFrom('newsletter_subscriptions').execute();
});

const subscribe = (email: string) => t.app.inject({ method: 'POST', url: '/api/subscribe', payload: { email } });
const sendNewsletter = (payload: unknown, token = admin.token) =>
  t.app.inject({ method: 'POST', url: '/api/admin/newsletters', headers: bearer(token), payload: payload as object });
const sends = () => t.app.inject({ method: 'GET', url: '/api/admin/newsletters', headers: bearer(admin.token) });
const unsubscribeLink = (raw: string) => {
  // Headers may be folded over several lines (RFC 5322).
  const match = raw.replace(/\r?\n[ \t]+/g, ' ').match(/List-Unsubscribe: <([^>]+)>/);
  if (!match) throw new Error(`no List-Unsubscribe header in ${raw.slice(0, 1500)}`);
  return new URL(match[1]!).pathname;
};

describe('e-mail over SMTP', () => {
  it('delivers a text part and a French HTML part from MAIL_FROM', async () => {
    await enqueueMessage(t.db, {
      channel: 'email',
      to: 'awa@example.bj',
      subject: 'Bonjour',
      body: 'Texte simple',
      html: '<p lang="fr">Texte HTML</p>',
    });
    expect(await t.app.messages.worker.runOnce()).toEqual({ sent: 1, failed: 0, retried: 0 });
    expect(smtp.mails).toHaveLength(1);
    const mail = smtp.mails[0]!;
    expect(mail.from).toBe('no-reply@asbe.bj');
    expect(mail.to).toEqual(['awa@example.bj']);
    expect(mail.raw).toMatch(/^Subject: Bonjour/m);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    expect(mail.raw).toContain('Texte simple');
  });

  it('marks an address the server refuses for good as failed, with its error', async () => {
    await enqueueMessage(t.db, { channel: 'email', to: 'nobody@example.bj', subject: 'Bonjour', body: 'x' });
    smtp.rejectRecipients(1);
    expect(await t.app.messages.worker.runOnce()).toEqual({ sent: 0, failed: 1, retried: 0 });
    const row = await t.db.selectFrom('outbox_messages').selectAll().executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
    expect(row.last_error).toContain('550');
  });
});

describe('POST /api/admin/newsletters', () => {
  it('queues one e-mail per subscriber with its own unsubscribe link, and counts what was sent', async () => {
    await subscribe('a@example.bj');
    await subscribe('b@example.bj');
    const audience = await t.app.inject({ method: 'GET', url: '/api/admin/newsletters/audience', headers: bearer(admin.token) });
    expect(audience.json()).toEqual({ recipients: 2 });
    const res = await sendNewsletter({ subject: 'Nouvelles de novembre', body: 'Bonjour à tous.\n\nMerci pour votre soutien.' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ id: expect.any(Number), recipients: 2 });
    const listed = await sends();
    expect(listed.json()).toEqual([
      { id: res.json().id, subject: 'Nouvelles de novembre', recipients: 2, sent: 0, kept: 0, failed: 0, created_at: expect.any(String) },
    ]);
    expect(listed.headers['x-total-count']).toBe('1');

    smtp.rejectRecipients(1);
    await t.app.messages.worker.runOnce();
    expect((await sends()).json()[0]).toMatchObject({ recipients: 2, sent: 1, failed: 1 });
    const mail = smtp.mails[0]!;
    expect(mail.raw).toMatch(/^Subject: Nouvelles de novembre/m);
    expect(mail.raw).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    expect(unsubscribeLink(mail.raw)).toMatch(/^\/api\/unsubscribe\/[\w-]{16,}$/);
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'newsletter.send').execute();
    expect(audit.at(-1)).toMatchObject({ actor_user_id: admin.id, entity_id: String(res.json().id) });
  });

  it('an unsubscribed address gets nothing more; subscribing again works', async () => {
    await subscribe('c@example.bj');
    await subscribe('d@example.bj');
    await sendNewsletter({ subject: 'Premier', body: 'Un' });
    await t.app.messages.worker.runOnce();
    const toC = smtp.mails.find((m) => m.to[0] === 'c@example.bj')!;
    const link = unsubscribeLink(toC.raw);
    // A second newsletter is queued before C unsubscribes: it must not reach C either.
    await sendNewsletter({ subject: 'Deuxième', body: 'Deux' });
    // Following the link (as a mail scanner would) only shows a page asking for one click: nothing changes yet.
    const page = await t.app.inject({ method: 'GET', url: link });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Me désinscrire');
    expect(page.body).toContain(`<form method="post" action="${link}"`);
    expect(page.body).toContain('lang="fr"');
    expect(await t.db.selectFrom('newsletter_subscriptions').select('id').where('email', '=', 'c@example.bj').execute()).toHaveLength(1);
    const clicked = await t.app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(clicked.statusCode).toBe(200);
    expect(clicked.body).toContain('Désinscription confirmée');
    await t.app.messages.worker.runOnce();
    await sendNewsletter({ subject: 'Troisième', body: 'Trois' });
    await t.app.messages.worker.runOnce();
    expect(smtp.mails.filter((m) => m.to[0] === 'c@example.bj').map((m) => m.raw.match(/^Subject: (.*)$/m)![1])).toEqual(['Premier']);
    expect(smtp.mails.filter((m) => m.to[0] === 'd@example.bj')).toHaveLength(3);
    // The same link again, or a made-up one: a French page saying so.
    const again = await t.app.inject({ method: 'GET', url: link });
    expect(again.statusCode).toBe(404);
    expect(again.body).toContain('Lien de désinscription inconnu');

    expect((await subscribe('c@example.bj')).statusCode).toBe(200);
    await sendNewsletter({ subject: 'Quatrième', body: 'Quatre' });
    await t.app.messages.worker.runOnce();
    expect(smtp.mails.filter((m) => m.to[0] === 'c@example.bj')).toHaveLength(2);
  });

  it('accepts the RFC 8058 one-click POST from mail clients', async () => {
    await subscribe('e@example.bj');
    await sendNewsletter({ subject: 'Un clic', body: 'x' });
    await t.app.messages.worker.runOnce();
    const link = unsubscribeLink(smtp.mails[0]!.raw);
    const res = await t.app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    const left = await t.db.selectFrom('newsletter_subscriptions').select('email').execute();
    expect(left).toEqual([]);
  });

  it('validates the subject and body in French', async () => {
    const res = await sendNewsletter({ subject: ' ', body: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ subject: [N.subjectRequired], body: [N.bodyRequired] });
    expect((await sendNewsletter({ subject: 'x'.repeat(151), body: 'ok' })).json().errors.subject).toEqual([N.subjectTooLong]);
  });

  it('is for administrators only (401 without a token, 403 for other roles)', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/newsletters', payload: { subject: 'a', body: 'b' } })).statusCode).toBe(
      401,
    );
    expect((await sendNewsletter({ subject: 'a', body: 'b' }, member.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/newsletters', headers: bearer(member.token) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/newsletters' })).statusCode).toBe(401);
  });
});

describe('GET /api/admin/messages', () => {
  const list = (query: string, token = admin.token) =>
    t.app.inject({ method: 'GET', url: `/api/admin/messages${query}`, headers: bearer(token) });

  it('lists the outbox newest first, paginated, filtered by channel and recipient', async () => {
    await enqueueMessage(t.db, { channel: 'sms', to: '+2290197123456', body: 'Premier' });
    await enqueueMessage(t.db, { channel: 'email', to: 'Awa.Dossou@example.bj', subject: 'Objet', body: 'Deuxième' });
    await enqueueMessage(t.db, { channel: 'sms', to: '+2290197123456', body: 'Troisième' });
    await enqueueMessage(t.db, { channel: 'sms', to: '+2290166000000', body: 'Quatrième' });
    const all = await list('');
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBe('4');
    expect(all.json().map((m: { body: string }) => m.body)).toEqual(['Quatrième', 'Troisième', 'Deuxième', 'Premier']);
    expect(all.json()[0]).toEqual({
      id: expect.any(Number),
      channel: 'sms',
      to: '+2290166000000',
      subject: null,
      body: 'Quatrième',
      status: 'queued',
      attempts: 0,
      last_error: null,
      // The channel actually used, the cost category and the provider's delivery report (WhatsApp's webhook).
      cost_category: 'sms',
      delivery_status: null,
      delivery_error: null,
      created_at: expect.any(String),
      sent_at: null,
    });
    // A telephone in any spelling finds the E.164 number.
    const byPhone = await list(`?to=${encodeURIComponent('97 12 34 56')}`);
    expect(byPhone.json().map((m: { body: string }) => m.body)).toEqual(['Troisième', 'Premier']);
    expect(byPhone.headers['x-total-count']).toBe('2');
    expect((await list('?to=awa.dossou')).json().map((m: { body: string }) => m.body)).toEqual(['Deuxième']);
    expect((await list('?channel=email')).json()).toHaveLength(1);
    const page2 = await list('?per_page=3&page=2');
    expect(page2.json().map((m: { body: string }) => m.body)).toEqual(['Premier']);
    expect(page2.headers['x-total-count']).toBe('4');
  });

  it('says « Conservé » (kept), never sent, for an SMS when no SMS provider is configured', async () => {
    await enqueueMessage(t.db, { channel: 'sms', to: '+2290197000000', body: 'Code' });
    await t.app.messages.worker.runOnce();
    const [row] = (await list('?to=%2B2290197000000')).json();
    expect(row).toMatchObject({ status: 'kept', attempts: 1, sent_at: expect.any(String) });
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/admin/messages?format=csv&to=%2B2290197000000',
      headers: bearer(admin.token),
    });
    expect(csv.body).toContain('Conservé');
    expect(csv.body).not.toContain('Envoyé;');
  });

  it('says sent for an e-mail handed to the configured SMTP server', async () => {
    await enqueueMessage(t.db, { channel: 'email', to: 'kept@example.bj', subject: 'Bonjour', body: 'Texte' });
    await t.app.messages.worker.runOnce();
    const [row] = (await list('?to=kept%40example.bj')).json();
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('refuses a bad channel in French, and is for administrators only', async () => {
    const bad = await list('?channel=fax');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.channel).toEqual(['Canal invalide\u00a0: sms, email ou whatsapp.']);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/messages' })).statusCode).toBe(401);
    expect((await list('', member.token)).statusCode).toBe(403);
  });
});
