import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openText } from '../../src/platform/storage/sealed-text';
import { DEFAULT_WHATSAPP_TEMPLATES } from '../../src/platform/config';
import { isPostgres, nowIso } from '../../src/platform/database/database';
import { CODE_MASK } from '../../src/modules/codes';
import { enqueueMessage } from '../../src/modules/messages/outbox';
import { MessageWorker } from '../../src/modules/messages/worker';
import { twilioSignature } from '../../src/modules/whatsapp/routes';
import { startTwilioStandIn } from '../messages/helpers';
import { openSecondConnection } from '../helpers/second-connection';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { insertUser } from '../helpers/insert-user';
import { bearer, seedUser } from '../helpers/users';
import { signedWebhook, startWhatsAppStandIn } from './helpers';

// WhatsApp beside SMS, against loopback stand-ins speaking Meta's and Twilio's wire formats.

const SID = 'AC0123456789abcdef0123456789abcdef';
const TWILIO_TOKEN = 'twilio-auth-token';
const PNID = '106540352242922';
const WA_TOKEN = 'EAAG-test-token';
const APP_SECRET = 'meta-app-secret';
const VERIFY = 'verify-me';
let twilio: Awaited<ReturnType<typeof startTwilioStandIn>>;
let meta: Awaited<ReturnType<typeof startWhatsAppStandIn>>;
let t: TestApp;

beforeAll(async () => {
  twilio = await startTwilioStandIn(SID, TWILIO_TOKEN);
  meta = await startWhatsAppStandIn(PNID, WA_TOKEN);
  t = await createTestApp({
    publicUrl: 'https://asbe.example.bj',
    messages: {
      sms: { provider: 'twilio', accountSid: SID, authToken: TWILIO_TOKEN, from: 'ASBE', apiBase: twilio.url },
      mailFrom: 'ASBE <no-reply@asbe.bj>',
      whatsapp: {
        provider: 'meta',
        token: WA_TOKEN,
        phoneNumberId: PNID,
        appSecret: APP_SECRET,
        verifyToken: VERIFY,
        apiBase: meta.url,
        templates: DEFAULT_WHATSAPP_TEMPLATES,
      },
    },
  });
});
afterAll(async () => {
  await t?.close();
  await twilio?.close();
  await meta?.close();
});
beforeEach(async () => {
  twilio.received.length = 0;
  meta.received.length = 0;
  meta.notOnWhatsApp.clear();
  await t.db.deleteFrom('outbox_messages').execute();
});

const chooseWhatsApp = (telephone: string, given = true) =>
  t.db
    .insertInto('consents')
    .values({
      purpose: 'whatsapp',
      given: given ? 1 : 0,
      wording_version: 'test',
      channel: 'web',
      telephone,
      email: null,
      user_id: null,
      source: 'form',
      subject: null,
      ip: null,
      created_at: nowIso(),
    })
    .execute();
const rows = (to: string) => t.db.selectFrom('outbox_messages').selectAll().where('to_address', '=', to).orderBy('id').execute();
const postWebhook = (body: string, signature?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/webhooks/whatsapp',
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-hub-signature-256': signature } : {}) },
    payload: body,
  });

describe('choosing the channel', () => {
  it('follows the choice a member makes in the member space, and the one given on a public form', async () => {
    const member = await seedUser(t, 'membre', { telephone: '+2290197000181' });
    const choose = (given: boolean) =>
      t.app.inject({ method: 'PUT', url: '/api/profile/consents', headers: bearer(member.token), payload: { purpose: 'whatsapp', given } });
    const forgot = async (telephone: string) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { telephone } });
      expect(res.statusCode).toBeLessThan(300);
      await t.app.messages.worker.runOnce();
    };
    expect((await choose(true)).statusCode).toBe(200);
    await forgot(member.telephone);
    expect(meta.received.map((m) => m.to)).toEqual(['2290197000181']);
    expect(twilio.received).toHaveLength(0);

    expect((await choose(false)).statusCode).toBe(200);
    await forgot(member.telephone);
    expect(meta.received).toHaveLength(1);
    expect(twilio.received.map((m) => m.To)).toEqual(['+2290197000181']);

    // A visitor gives « WhatsApp » for their own number through the consents API, proved by its code.
    const visitor = await insertUser(
      t.db,
      'membre',
      { telephone: '+2290197000182' },
      { passwordCost: t.config.passwordCost, uniqueSeed: 182 },
    );
    // Giving for an address is proved by its code (docs/product/personal-data.md).
    const payload = { purpose: 'whatsapp', given: true, telephone: '01 97 00 01 82' };
    expect((await t.app.inject({ method: 'POST', url: '/api/consents', payload })).statusCode).toBe(202);
    const sent = await t.db
      .selectFrom('outbox_messages')
      .select('secret')
      .where('to_address', '=', visitor.telephone)
      .where('secret', 'is not', null)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const given = await t.app.inject({ method: 'POST', url: '/api/consents', payload: { ...payload, code: openText(sent.secret) } });
    expect(given.statusCode).toBe(200);
    await forgot(visitor.telephone);
    // The consent's own code (queued before the choice) and then the recovery code both go by WhatsApp.
    expect(meta.received.map((m) => m.to)).toEqual(['2290197000181', '2290197000182', '2290197000182']);
  });

  it('sends a recovery code by WhatsApp (authentication template) to a person who chose it, and by SMS to one who did not', async () => {
    const chose = await insertUser(t.db, 'membre', { telephone: '+2290197000101' }, { passwordCost: t.config.passwordCost, uniqueSeed: 1 });
    const didNot = await insertUser(
      t.db,
      'membre',
      { telephone: '+2290197000102' },
      { passwordCost: t.config.passwordCost, uniqueSeed: 2 },
    );
    await chooseWhatsApp(chose.telephone);
    for (const u of [chose, didNot]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { telephone: u.telephone } });
      expect(res.statusCode).toBeLessThan(300);
    }
    await t.app.messages.worker.runOnce();
    expect(meta.received).toHaveLength(1);
    const sent = meta.received[0]!;
    expect(sent.to).toBe('2290197000101');
    expect(sent.template?.name).toBe('code_verification');
    expect(sent.template?.language.code).toBe('fr');
    const code = (sent.template!.components[0] as { parameters: Array<{ text: string }> }).parameters[0]!.text;
    expect(code).toMatch(/^\d{6}$/);
    expect(twilio.received.map((m) => m.To)).toEqual(['+2290197000102']);
    const [waRow] = await rows(chose.telephone);
    expect(waRow).toMatchObject({ channel: 'whatsapp', status: 'sent', delivery_status: 'sent', cost_category: 'whatsapp_authentication' });
    expect(waRow!.provider_message_id).toMatch(/^wamid\./);
    const [smsRow] = await rows(didNot.telephone);
    expect(smsRow).toMatchObject({ channel: 'sms', status: 'sent', cost_category: 'sms' });
  });

  it('a withdrawn WhatsApp choice sends by SMS again', async () => {
    await chooseWhatsApp('+2290197000103');
    await chooseWhatsApp('+2290197000103', false);
    await enqueueMessage(t.db, { channel: 'sms', to: '+2290197000103', body: 'Votre rappel', category: 'rappel' });
    await t.app.messages.worker.runOnce();
    expect(meta.received).toHaveLength(0);
    expect(twilio.received).toHaveLength(1);
  });

  it('a « not on WhatsApp » refusal (131026) sends the message by SMS, once', async () => {
    await chooseWhatsApp('+2290197000104');
    meta.notOnWhatsApp.add('2290197000104');
    await enqueueMessage(t.db, {
      channel: 'sms',
      to: '+2290197000104',
      body: 'Merci pour votre don de 5 000 FCFA. Votre reçu : https://x',
      category: 'recu',
    });
    expect(await t.app.messages.worker.runOnce()).toEqual({ sent: 1, failed: 0, retried: 0 });
    expect(await t.app.messages.worker.runOnce()).toEqual({ sent: 0, failed: 0, retried: 0 });
    expect(twilio.received).toHaveLength(1);
    const [row] = await rows('+2290197000104');
    expect(row).toMatchObject({ channel: 'sms', status: 'sent', cost_category: 'sms' });
    expect(row!.delivery_error).toContain('131026');
  });

  it('utility messages carry their words in the template, without line breaks', async () => {
    await chooseWhatsApp('+2290197000105');
    await enqueueMessage(t.db, { channel: 'sms', to: '+2290197000105', body: 'Ligne un\nLigne deux', category: 'billet' });
    await t.app.messages.worker.runOnce();
    expect(meta.received[0]!.template!.name).toBe('billet_evenement');
    expect(meta.received[0]!.template!.components).toEqual([
      { type: 'body', parameters: [{ type: 'text', text: 'Ligne un — Ligne deux' }] },
    ]);
  });

  it('nothing is sent twice with two workers', async () => {
    const numbers = Array.from({ length: 30 }, (_, i) => `+22901971${String(i).padStart(5, '0')}`);
    for (const [i, n] of numbers.entries()) {
      if (i % 2 === 0) await chooseWhatsApp(n);
      await enqueueMessage(t.db, { channel: 'sms', to: n, body: `Avis ${i}`, category: 'avis' });
    }
    const second = openSecondConnection(t);
    try {
      const mine = new MessageWorker({
        db: t.db,
        sms: t.app.messages.sms,
        email: t.app.messages.email,
        whatsapp: t.app.messages.whatsapp,
        batchSize: 4,
      });
      const other = new MessageWorker({
        db: second,
        sms: t.app.messages.sms,
        email: t.app.messages.email,
        whatsapp: t.app.messages.whatsapp,
        batchSize: 4,
      });
      const results = await Promise.all([mine.runOnce(), other.runOnce(), mine.runOnce(), other.runOnce()]);
      expect(results.reduce((s, r) => s + r.sent, 0)).toBe(30);
      if (isPostgres(t.db)) expect(results.filter((r) => r.sent > 0).length).toBeGreaterThan(1);
    } finally {
      await second.destroy();
    }
    expect(meta.received.map((m) => `+${m.to}`).sort()).toEqual(numbers.filter((_, i) => i % 2 === 0).sort());
    expect(twilio.received.map((m) => m.To).sort()).toEqual(numbers.filter((_, i) => i % 2 === 1).sort());
  });
});

describe('the webhook', () => {
  it('answers the verification handshake only with our verify token', async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: `/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${VERIFY}&hub.challenge=1158201444`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1',
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toBe('Signature du webhook invalide.');
  });

  it('refuses a forged or unsigned delivery report, and a signed one updates the status', async () => {
    await chooseWhatsApp('+2290197000106');
    await enqueueMessage(t.db, { channel: 'sms', to: '+2290197000106', body: 'Avis', category: 'avis' });
    await t.app.messages.worker.runOnce();
    const [row] = await rows('+2290197000106');
    const statuses = (status: string) => ({
      statuses: [{ id: row!.provider_message_id, status, timestamp: '1764081000', recipient_id: '2290197000106' }],
    });
    const forged = signedWebhook('not-the-secret', statuses('read'));
    expect((await postWebhook(forged.body, forged.signature)).statusCode).toBe(401);
    expect((await postWebhook(forged.body)).statusCode).toBe(401);
    expect((await rows('+2290197000106'))[0]!.delivery_status).toBe('sent');
    const delivered = signedWebhook(APP_SECRET, statuses('delivered'));
    expect((await postWebhook(delivered.body, delivered.signature)).statusCode).toBe(200);
    expect((await rows('+2290197000106'))[0]!.delivery_status).toBe('delivered');
    const read = signedWebhook(APP_SECRET, statuses('read'));
    await postWebhook(read.body, read.signature);
    // Out of order: a late « delivered » does not undo « read ».
    await postWebhook(delivered.body, delivered.signature);
    expect((await rows('+2290197000106'))[0]!.delivery_status).toBe('read');
  });

  it('a failed delivery « not on WhatsApp » queues the SMS once, however often it is reported', async () => {
    await chooseWhatsApp('+2290197000107');
    await enqueueMessage(t.db, { channel: 'sms', to: '+2290197000107', body: 'Votre échéance', category: 'echeance' });
    await t.app.messages.worker.runOnce();
    const [row] = await rows('+2290197000107');
    const failed = signedWebhook(APP_SECRET, {
      statuses: [
        {
          id: row!.provider_message_id,
          status: 'failed',
          timestamp: '1764081000',
          recipient_id: '2290197000107',
          errors: [
            {
              code: 131026,
              title: 'Message undeliverable',
              message: 'Message undeliverable',
              error_data: { details: 'Receiver is incapable of receiving this message' },
            },
          ],
        },
      ],
    });
    await Promise.all([postWebhook(failed.body, failed.signature), postWebhook(failed.body, failed.signature)]);
    const all = await rows('+2290197000107');
    expect(all).toHaveLength(2);
    expect(all[0]).toMatchObject({ channel: 'whatsapp', delivery_status: 'failed' });
    expect(all[0]!.delivery_error).toContain('131026');
    expect(all[1]).toMatchObject({ channel: 'sms', status: 'queued', fallback_of: row!.id, body: 'Votre échéance' });
    await t.app.messages.worker.runOnce();
    expect(twilio.received.map((m) => m.To)).toEqual(['+2290197000107']);
  });

  it('a masked code sent by WhatsApp and reported undeliverable reaches the person by SMS with the code, and is never stored readable', async () => {
    const to = '+2290197000110';
    await chooseWhatsApp(to);
    await enqueueMessage(t.db, { channel: 'sms', to, body: `ASBE : votre code est ${CODE_MASK}.`, secret: '654321', category: 'code' });
    await t.app.messages.worker.runOnce();
    expect(meta.received[0]!.template!.components[0]).toEqual({ type: 'body', parameters: [{ type: 'text', text: '654321' }] });
    const [row] = await rows(to);
    const failed = signedWebhook(APP_SECRET, {
      statuses: [
        {
          id: row!.provider_message_id,
          status: 'failed',
          timestamp: '1764081000',
          recipient_id: '2290197000110',
          errors: [{ code: 131026, title: 'Message undeliverable' }],
        },
      ],
    });
    await postWebhook(failed.body, failed.signature);
    await t.app.messages.worker.runOnce();
    expect(twilio.received.map((m) => m.Body)).toEqual(['ASBE : votre code est 654321.']);
    const stored = await rows(to);
    expect(stored.map((r) => r.body)).toEqual([`ASBE : votre code est ${CODE_MASK}.`, `ASBE : votre code est ${CODE_MASK}.`]);
    expect(stored.map((r) => r.secret)).toEqual([null, null]);
  });

  it('without a configured provider every webhook call is refused', async () => {
    const bare = await createTestApp();
    try {
      const signed = signedWebhook(APP_SECRET, { statuses: [] });
      const res = await bare.app.inject({
        method: 'POST',
        url: '/api/webhooks/whatsapp',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signed.signature },
        payload: signed.body,
      });
      expect(res.statusCode).toBe(401);
      expect(
        (await bare.app.inject({ method: 'GET', url: '/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=&hub.challenge=1' }))
          .statusCode,
      ).toBe(401);
      expect(
        (
          await bare.app.inject({
            method: 'POST',
            url: '/api/webhooks/sms',
            payload: 'From=%2B22901&Body=STOP',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          })
        ).statusCode,
      ).toBe(401);
    } finally {
      await bare.close();
    }
  });
});

describe('« STOP »', () => {
  it('by WhatsApp withdraws the channel, says so once by WhatsApp, and later messages go by SMS', async () => {
    await chooseWhatsApp('+2290197000108');
    const stop = signedWebhook(APP_SECRET, {
      contacts: [{ profile: { name: 'Afi' }, wa_id: '2290197000108' }],
      messages: [{ from: '2290197000108', id: 'wamid.IN1', timestamp: '1764081000', type: 'text', text: { body: 'STOP' } }],
    });
    expect((await postWebhook(stop.body, stop.signature)).statusCode).toBe(200);
    const consent = await t.db
      .selectFrom('consents')
      .selectAll()
      .where('telephone', '=', '+2290197000108')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(consent).toMatchObject({ purpose: 'whatsapp', given: 0, source: 'stop', channel: 'whatsapp' });
    await t.app.messages.worker.runOnce();
    expect(meta.received).toHaveLength(1);
    expect(meta.received[0]).toMatchObject({ type: 'text' });
    expect(meta.received[0]!.text!.body).toContain('sauf les codes et les reçus');
    await enqueueMessage(t.db, { channel: 'sms', to: '+2290197000108', body: 'Rappel', category: 'rappel' });
    await t.app.messages.worker.runOnce();
    expect(meta.received).toHaveLength(1);
    expect(twilio.received.map((m) => m.To)).toEqual(['+2290197000108']);
  });

  it('by SMS (Twilio forwarding replies) stops news but never codes and receipts; a forged reply changes nothing', async () => {
    const to = '+2290197000109';
    const url = 'https://asbe.example.bj/api/webhooks/sms';
    const fields = new URLSearchParams({ From: to, To: 'ASBE', Body: 'Stop', MessageSid: 'SM1', AccountSid: SID });
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/sms',
      payload: fields.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'AAAA' },
    });
    expect(forged.statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/sms',
      payload: fields.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(TWILIO_TOKEN, url, fields) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<Response>');
    await enqueueMessage(t.db, { channel: 'sms', to, body: 'Les nouvelles du mois', category: 'avis' });
    await enqueueMessage(t.db, { channel: 'sms', to, body: 'Votre code : 123456', category: 'code' });
    await t.app.messages.worker.runOnce();
    const bodies = twilio.received.map((m) => m.Body);
    // On the wire without the ç when that saves a segment (smsWireText).
    expect(bodies.some((b) => /sauf les codes et les re[çc]us/.test(b))).toBe(true);
    expect(bodies).toContain('Votre code : 123456');
    expect(bodies).not.toContain('Les nouvelles du mois');
    const held = (await rows(to)).find((r) => r.body === 'Les nouvelles du mois');
    expect(held).toMatchObject({ status: 'failed' });
    expect(held!.last_error).toContain('STOP');
  });
});

describe('what the administrator sees', () => {
  it('the outbox, its CSV export and the statistics show the channel, the cost category and the delivery of each message', async () => {
    const admin = await seedUser(t, 'administrateur');
    const before = (await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: bearer(admin.token) })).json();
    await chooseWhatsApp('+2290197000111');
    await enqueueMessage(t.db, { channel: 'sms', to: '+2290197000111', body: 'Votre code : 111222', category: 'code' });
    await enqueueMessage(t.db, { channel: 'sms', to: '+2290197000112', body: 'Rappel', category: 'rappel' });
    await t.app.messages.worker.runOnce();
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/messages?channel=whatsapp', headers: bearer(admin.token) });
    expect(list.statusCode).toBe(200);
    const items = list.json() as Array<Record<string, unknown>>;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      channel: 'whatsapp',
      to: '+2290197000111',
      cost_category: 'whatsapp_authentication',
      delivery_status: 'sent',
    });
    const csv = await t.app.inject({ method: 'GET', url: '/api/admin/messages?format=csv', headers: bearer(admin.token) });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('WhatsApp — authentification');
    expect(csv.body).toMatch(/;WhatsApp;/);
    const after = (await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: bearer(admin.token) })).json();
    const month = (stats: { messages_by_channel: Array<{ sms: number; whatsapp: number; email: number }> }) =>
      stats.messages_by_channel.at(-1)!;
    expect(month(after).whatsapp).toBe(month(before).whatsapp + 1);
    expect(month(after).sms).toBe(month(before).sms + 1);
  });
});
