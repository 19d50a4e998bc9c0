import { formatFcfa } from '@shared/format';
import { LIMITS } from '@shared/constants';
import {
  causeEcho,
  SMS_ANSWER_MAX_SEGMENTS,
  SMS_ANSWERS,
  SMS_COMMANDS_PER_HOUR,
  smsSegments,
  smsWireText,
} from '@shared/schemas/sms-commands';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twilioSignature } from '../../src/modules/whatsapp';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, seedUser } from '../helpers/users';
import { makePledge } from '../pledges/helpers';

// docs/giving-by-phone.md: POST /api/sms/inbound in Twilio's format, signed; each command answered in
// French through the outbox; at most 10 commands per number per hour, and no more requests on the telephone than
// any number may receive (LIMITS.pushRequestsPerTelephone); a forged call changes nothing.

const TOKEN = 'jeton-twilio-de-test';
let t: TestApp;

beforeAll(async () => {
  const plain = await createTestApp();
  const messages = plain.config.messages;
  await plain.close();
  // Twilio configured (the route reads it when registered); nothing listens on its API address.
  t = await createTestApp({
    messages: {
      ...messages,
      sms: { provider: 'twilio', accountSid: 'AC123', authToken: TOKEN, from: 'ASBE', apiBase: 'http://127.0.0.1:9' },
    },
  });
});
afterAll(() => t.close());

function send(from: string, body: string, sign: 'ok' | 'none' | 'other-url' = 'ok', sid = `SM${Math.random().toString(16).slice(2)}`) {
  const fields = new URLSearchParams({
    MessageSid: sid,
    From: from,
    To: '+2290100000000',
    Body: body,
  });
  const url = sign === 'other-url' ? 'https://pirate.example/api/sms/inbound' : `${t.config.publicUrl}/api/sms/inbound`;
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (sign !== 'none') headers['x-twilio-signature'] = twilioSignature(TOKEN, url, fields);
  return t.app.inject({ method: 'POST', url: '/api/sms/inbound', headers, payload: fields.toString() });
}
const answers = async (to: string) =>
  (await t.db.selectFrom('outbox_messages').select('body').where('to_address', '=', to).orderBy('id').execute()).map((m) => m.body);

describe('commands by SMS', () => {
  it('a forged, unsigned or re-addressed call is 403 and changes nothing', async () => {
    for (const sign of ['none', 'other-url'] as const) {
      const res = await send('+2290196100001', 'DON 1000', sign);
      expect(res.statusCode).toBe(403);
    }
    expect(await answers('+2290196100001')).toEqual([]);
    expect(await t.db.selectFrom('donations').select('id').where('phone', '=', '+2290196100001').execute()).toEqual([]);
  });

  it('the same signed message replayed (or retried by the provider) is carried out once', async () => {
    for (let i = 0; i < 3; i++) expect((await send('+2290196100019', 'DON 1000', 'ok', 'SMreplayed1')).statusCode).toBe(200);
    expect(await t.db.selectFrom('donations').select('id').where('phone', '=', '+2290196100019').execute()).toHaveLength(1);
    expect(await answers('+2290196100019')).toHaveLength(1);
  });

  it('DON with spaces, « F » and a cause: a request on the sender’s telephone, and the answer', async () => {
    const res = await send('+2290196100002', 'don 5 000 F éducation');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/xml/);
    expect(res.body).toContain('<Response>');
    const gift = await t.db.selectFrom('donations').selectAll().where('phone', '=', '+2290196100002').executeTakeFirstOrThrow();
    expect(gift).toMatchObject({ amount: 5000, purpose: 'education', transaction_status: 'pending' });
    expect(await answers('+2290196100002')).toEqual([SMS_ANSWERS.pushSent(formatFcfa(5000), 'don')]);
  });

  it('amounts as people write them: « 1000F », « 5 000 FCFA », « 2.500 F CFA »', async () => {
    const from = '+2290196100006';
    await send(from, 'DON 1000F');
    await send(from, 'Don 5 000 FCFA sante');
    await send(from, 'DON 2.500 F CFA');
    const gifts = await t.db.selectFrom('donations').select(['amount', 'purpose']).where('phone', '=', from).orderBy('id').execute();
    expect(gifts).toEqual([
      { amount: 1000, purpose: 'autres' },
      { amount: 5000, purpose: 'sante' },
      { amount: 2500, purpose: 'autres' },
    ]);
    expect(await answers(from)).toEqual([
      SMS_ANSWERS.pushSent(formatFcfa(1000), 'don'),
      SMS_ANSWERS.pushSent(formatFcfa(5000), 'don'),
      SMS_ANSWERS.pushSent(formatFcfa(2500), 'don'),
    ]);
  });

  it('an amount with centimes (« DON 5000,50 », « DON 5 000,50 », « DON 5000.50 ») is refused, whole amounts still work', async () => {
    const from = '+2290196100011';
    for (const body of ['DON 5000,50', 'DON 5 000,50', 'DON 5000.50', 'DON 5000,50F sante']) await send(from, body);
    expect(await answers(from)).toEqual(Array(4).fill(SMS_ANSWERS.amountNotWhole));
    expect(await t.db.selectFrom('donations').select('id').where('phone', '=', from).execute()).toEqual([]);
    await send(from, 'DON 5 000');
    await send(from, 'DON 5000F');
    const gifts = await t.db.selectFrom('donations').select('amount').where('phone', '=', from).orderBy('id').execute();
    expect(gifts).toEqual([{ amount: 5000 }, { amount: 5000 }]);
    expect((await answers(from)).slice(4)).toEqual(Array(2).fill(SMS_ANSWERS.pushSent(formatFcfa(5000), 'don')));
  });

  it('an amount beyond any gift is refused by its own answer', async () => {
    const from = '+2290196100007';
    await send(from, 'DON 999999999999');
    expect(await answers(from)).toEqual([SMS_ANSWERS.amountTooLarge]);
    expect(await t.db.selectFrom('donations').select('id').where('phone', '=', from).execute()).toEqual([]);
  });

  it('50 gifts by SMS from one number: the requests the telephone may receive, then « trop de demandes », 11 answers in all', async () => {
    const from = '+2290196100008';
    for (let i = 0; i < 50; i += 1) expect((await send(from, 'DON 1000')).statusCode).toBe(200);
    const limit = LIMITS.pushRequestsPerTelephone;
    expect(await t.db.selectFrom('donations').select('id').where('phone', '=', from).execute()).toHaveLength(limit);
    const sent = await answers(from);
    expect(sent).toEqual([
      ...Array(limit).fill(SMS_ANSWERS.pushSent(formatFcfa(1000), 'don')),
      ...Array(SMS_COMMANDS_PER_HOUR - limit).fill(SMS_ANSWERS.pushTooMany),
      SMS_ANSWERS.tooMany,
    ]);
  });

  it('bad input gets a clear answer and nothing half-done', async () => {
    const from = '+2290196100003';
    await send(from, 'DON');
    await send(from, 'DON 50');
    await send(from, 'DON 1000 ecole');
    await send(from, 'DON 1000 DON 2000');
    await send(from, 'bonjour');
    await send(from, 'PAUSE');
    expect(await answers(from)).toEqual([
      SMS_ANSWERS.amountMissing,
      SMS_ANSWERS.amountTooSmall,
      SMS_ANSWERS.causeUnknown('ecole'),
      SMS_ANSWERS.oneAtATime,
      SMS_ANSWERS.help,
      SMS_ANSWERS.noPledge,
    ]);
    expect(await t.db.selectFrom('donations').select('id').where('phone', '=', from).execute()).toEqual([]);
  });

  it('a number sending 50 messages gets 10 answers and one « trop de messages », then nothing', async () => {
    const from = '+2290196100004';
    for (let i = 0; i < 50; i += 1) expect((await send(from, 'AIDE')).statusCode).toBe(200);
    const sent = await answers(from);
    expect(sent).toHaveLength(11);
    expect(sent.at(-1)).toBe(SMS_ANSWERS.tooMany);
  });

  it('the back office shows a gift and a fee asked by SMS « Par SMS », in the lists and their exports', async () => {
    const from = '+2290196100009';
    await send(from, 'DON 3000');
    await send(from, 'COTISATION');
    const admin = await seedUser(t, 'administrateur');
    for (const list of ['donations', 'payments']) {
      const res = await t.app.inject({ url: `/api/${list}?per_page=100`, headers: bearer(admin.token) });
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json().filter((r: { phone: string }) => r.phone === from);
      expect(rows.map((r: { source: string; channel: string }) => [r.source, r.channel])).toEqual([['online', 'sms']]);
      const csv = await t.app.inject({ url: `/api/${list}?format=csv`, headers: bearer(admin.token) });
      expect(csv.body).toContain('Par SMS');
    }
  });

  it('STOP withdraws SMS news for that number', async () => {
    await send('+2290196100005', 'Stop');
    const consent = await t.db
      .selectFrom('consents')
      .selectAll()
      .where('purpose', '=', 'sms_news')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(consent?.given).toBe(0);
  });

  it('after STOP, the number’s own commands still get their answers (STOP stops news, not replies)', async () => {
    const from = '+2290196100055';
    await send(from, 'STOP');
    for (const command of ['AIDE', 'REPRISE', 'ARRET', 'DON 1000']) await send(from, command);
    await t.app.messages.worker.runOnce();
    const rows = await t.db
      .selectFrom('outbox_messages')
      .select(['body', 'last_error'])
      .where('to_address', '=', from)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.body)).toEqual([
      expect.stringContaining('sauf les codes et les reçus'),
      SMS_ANSWERS.help,
      SMS_ANSWERS.noPledge,
      SMS_ANSWERS.noPledge,
      SMS_ANSWERS.pushSent(formatFcfa(1000), 'don'),
    ]);
    // Nothing was held back for the STOP (the stand-in Twilio address answers nothing: the rows wait for a retry).
    for (const row of rows) expect(row.last_error ?? '').not.toContain('STOP');
  });

  it('a long unknown cause is repeated cut short, and an amount with separators is explained (answers within two SMS)', async () => {
    const from = '+2290196100012';
    const cause = 'a'.repeat(480);
    await send(from, `DON 1000 ${cause}`);
    await send(from, 'DON 1,000,000');
    await send(from, 'DON 1 000,000 sante');
    const sent = await answers(from);
    expect(sent).toEqual([SMS_ANSWERS.causeUnknown(causeEcho(cause)), SMS_ANSWERS.amountSeparators, SMS_ANSWERS.amountSeparators]);
    expect(sent[0]).toContain(`« ${'a'.repeat(29)}… »`);
    expect(sent[1]).toContain('DON 1000000');
    for (const text of sent) expect(smsSegments(smsWireText(text))).toBeLessThanOrEqual(SMS_ANSWER_MAX_SEGMENTS);
    expect(await t.db.selectFrom('donations').select('id').where('phone', '=', from).execute()).toEqual([]);
  });

  it('PAUSE, REPRISE, ARRET act on every paid pledge of the number, never on a stranger’s unpaid one, and name them', async () => {
    const from = '+2290196100070';
    const monthly = await makePledge(t, { telephone: '0196100070', amount: 5000 });
    const quarterly = await makePledge(t, { telephone: '0196100070', amount: 9000, frequency: 'trimestriel' });
    // A stranger's pledge on the same number, made last and never paid.
    const stranger = await makePledge(t, { telephone: '0196100070', name: 'Inconnu Malveillant', amount: 100 }, null);
    const statuses = async () =>
      (await t.db.selectFrom('pledges').select(['id', 'status']).where('telephone', '=', from).orderBy('id').execute()).map((p) => [
        p.id,
        p.status,
      ]);
    const replies = async () =>
      (
        await t.db
          .selectFrom('outbox_messages')
          .select('body')
          .where('to_address', '=', from)
          .where('category', '=', 'reponse')
          .orderBy('id')
          .execute()
      ).map((m) => m.body);
    const both = [
      { amount: '5\u00a0000\u00a0FCFA', frequency: 'mensuel' as const },
      { amount: '9\u00a0000\u00a0FCFA', frequency: 'trimestriel' as const },
    ];
    await send(from, 'PAUSE');
    expect(await statuses()).toEqual([
      [monthly.id, 'paused'],
      [quarterly.id, 'paused'],
      [stranger.id, 'pending'],
    ]);
    await send(from, 'REPRISE');
    expect(await statuses()).toEqual([
      [monthly.id, 'active'],
      [quarterly.id, 'active'],
      [stranger.id, 'pending'],
    ]);
    await send(from, 'ARRET');
    expect(await statuses()).toEqual([
      [monthly.id, 'cancelled'],
      [quarterly.id, 'cancelled'],
      [stranger.id, 'pending'],
    ]);
    await send(from, 'PAUSE');
    const sent = await replies();
    expect(sent).toEqual([SMS_ANSWERS.paused(both), SMS_ANSWERS.resumed(both), SMS_ANSWERS.stopped(both), SMS_ANSWERS.noPledge]);
    expect(sent[0]).toBe(
      'ASBE : vos 2 dons réguliers (5\u00a0000\u00a0FCFA mensuel, 9\u00a0000\u00a0FCFA trimestriel) sont mis en pause. Envoyez REPRISE pour les reprendre.',
    );
    // As it leaves (twilio-sms.ts): the no-break spaces go as plain ones.
    for (const text of sent.slice(0, 3)) expect(smsSegments(smsWireText(text))).toBe(1);
  });
});
