import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openText } from '../../src/platform/storage/sealed-text';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, seedUser } from '../helpers/users';
import { field, file, makeDocx, makePdf, makePng, multipart } from '../public-site/fixtures';
import { adminToken, createEvent, registerTo } from './fixtures';

// The channel chosen on the event registration and volunteer forms is the number's WhatsApp consent, but anyone may
// type any number there: a stranger's choice neither undoes the owner's withdrawal (« Giving a consent for an address
// also needs its code ») nor withdraws the owner's consent (docs/whatsapp.md — « The channel chosen on a public form »).

let t: TestApp;
let admin: string;
let eventId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
  eventId = (await createEvent(t, admin, { capacity: 100 })).id;
});
afterAll(async () => t?.close());

/** The owner's choice through POST /api/consents, proved by the code sent to the number. */
async function ownerChooses(e164: string, given: boolean) {
  const payload = { purpose: 'whatsapp', given, telephone: e164 };
  expect((await t.app.inject({ method: 'POST', url: '/api/consents', payload })).statusCode).toBe(202);
  const sent = await t.db
    .selectFrom('outbox_messages')
    .select('secret')
    .where('to_address', '=', e164)
    .where('secret', 'is not', null)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const res = await t.app.inject({ method: 'POST', url: '/api/consents', payload: { ...payload, code: openText(sent.secret) } });
  expect(res.statusCode, res.body).toBe(200);
}

const whatsapp = async (e164: string) =>
  (
    await t.db
      .selectFrom('consents')
      .select(['given', 'source'])
      .where('telephone', '=', e164)
      .where('purpose', '=', 'whatsapp')
      .where('subject', 'is', null)
      .orderBy('id')
      .execute()
  ).map((r) => [r.given, r.source]);

const volunteerForm = (telephone: string, channel: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/volunteers',
    ...multipart([
      field('name', 'Kossi Mensah'),
      field('telephone', telephone),
      field('domain', 'education'),
      field('channel', channel),
      file('profile_image', 'moi.png', makePng(), 'image/png'),
      file('cv', 'cv.pdf', makePdf(), 'application/pdf'),
      file('motivation_letter', 'lettre.docx', makeDocx()),
      file('criminal_record', 'casier.pdf', makePdf()),
    ]),
  });

describe('the channel chosen on the event and volunteer forms', () => {
  it('a stranger’s « whatsapp » does not give back a consent its owner withdrew with a code', async () => {
    await ownerChooses('+2290197980001', true);
    await ownerChooses('+2290197980001', false);
    const res = await registerTo(t, eventId, { telephone: '0197980001', channel: 'whatsapp' });
    expect(res.statusCode, res.body).toBe(201);
    expect((await volunteerForm('0197980001', 'whatsapp')).statusCode).toBe(201);
    expect(await whatsapp('+2290197980001')).toEqual([
      [1, 'consent_api'],
      [0, 'consent_api'],
    ]);
  });

  it('nor after an « sms » of its own put between: the owner’s refusal with a code still holds (probe of session 16)', async () => {
    await ownerChooses('+2290197980009', false);
    expect((await registerTo(t, eventId, { telephone: '0197980009', channel: 'sms' })).statusCode).toBe(201);
    expect((await registerTo(t, eventId, { telephone: '0197980009', channel: 'whatsapp' })).statusCode).toBe(201);
    expect((await volunteerForm('0197980009', 'whatsapp')).statusCode).toBe(201);
    expect((await whatsapp('+2290197980009')).filter(([given]) => given === 1)).toEqual([]);
  });

  it('nor does it over a refusal made with a code, or over an SMS choice that followed a WhatsApp one', async () => {
    await ownerChooses('+2290197980002', false);
    expect((await registerTo(t, eventId, { telephone: '0197980002', channel: 'whatsapp' })).statusCode).toBe(201);
    expect(await whatsapp('+2290197980002')).toEqual([[0, 'consent_api']]);
    // The owner, signed in on their own account, chose WhatsApp and then SMS on the form: a stranger cannot switch it back.
    const owner = await seedUser(t, 'sympathisant', { telephone: '+2290197980003' });
    await registerTo(t, eventId, { telephone: '0197980003', channel: 'whatsapp' }, bearer(owner.token));
    await registerTo(t, eventId, { telephone: '0197980003', channel: 'sms' }, bearer(owner.token));
    await registerTo(t, eventId, { telephone: '0197980003', channel: 'whatsapp' });
    expect(await whatsapp('+2290197980003')).toEqual([
      [1, 'event_registration'],
      [0, 'event_registration'],
    ]);
  });

  it('a stranger’s « sms » does not withdraw the owner’s WhatsApp consent', async () => {
    await ownerChooses('+2290197980004', true);
    expect((await registerTo(t, eventId, { telephone: '0197980004', channel: 'sms' })).statusCode).toBe(201);
    expect((await volunteerForm('0197980004', 'sms')).statusCode).toBe(201);
    // Signed in on another account is a stranger to this number too.
    const other = await seedUser(t, 'sympathisant', { telephone: '+2290197980014' });
    expect((await registerTo(t, eventId, { telephone: '0197980004', channel: 'sms' }, bearer(other.token))).statusCode).toBe(201);
    // The gift forms record their choice the same way.
    const gift = await t.app.inject({
      method: 'POST',
      url: '/api/donation/initiate',
      payload: { amount: 1000, telephone: '0197980004', channel: 'sms' },
    });
    expect(gift.statusCode, gift.body).toBe(201);
    expect(await whatsapp('+2290197980004')).toEqual([[1, 'consent_api']]);
  });

  it('a first choice is still recorded, and the owner proved by an SMS code changes it from the form', async () => {
    expect((await registerTo(t, eventId, { telephone: '0197980005', channel: 'sms' })).statusCode).toBe(201);
    expect((await registerTo(t, eventId, { telephone: '0197980005', channel: 'whatsapp' })).statusCode).toBe(201);
    expect(await whatsapp('+2290197980005')).toEqual([
      [0, 'event_registration'],
      [1, 'event_registration'],
    ]);
    await ownerChooses('+2290197980006', false);
    const owner = await seedUser(t, 'sympathisant', { telephone: '+2290197980006' });
    await t.db.updateTable('auth_tokens').set({ code_verified_at: new Date().toISOString() }).where('user_id', '=', owner.id).execute();
    expect((await registerTo(t, eventId, { telephone: '0197980006', channel: 'whatsapp' }, bearer(owner.token))).statusCode).toBe(201);
    expect(await whatsapp('+2290197980006')).toEqual([
      [0, 'consent_api'],
      [1, 'event_registration'],
    ]);
  });
});
