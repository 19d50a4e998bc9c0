import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, createEvent } from '../events/fixtures';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, seedUser } from '../helpers/users';
import { withdrawChannel } from '../../src/modules/whatsapp';
import { field, file, makeDocx, makePdf, makePng, multipart } from '../public-site/fixtures';

// Every public form that sends messages (gift, pledge, fee, event, volunteer) takes `channel: "sms"|"whatsapp"`,
// recorded as the WhatsApp consent the member space switches (docs/product/personal-data.md — Consent). On the gift
// forms anyone can type any number: the choice is recorded only for the signed-in person's own telephone, and never
// over that number's STOP unless the sign-in was by an SMS code to it (docs/whatsapp.md).

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
});
afterAll(async () => t?.close());

const whatsappHistory = async (telephone: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/consents?telephone=${encodeURIComponent(telephone)}`,
    headers: bearer(admin),
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { purpose: string; given: boolean; source: string; channel: string; telephone: string }[]).filter(
    (r) => r.purpose === 'whatsapp',
  );
};

describe('the channel chosen on a public form', () => {
  const giftForms = (telephone: string, channel: string, token?: string) => {
    const headers = token ? bearer(token) : {};
    return [
      { method: 'POST' as const, url: '/api/donation/initiate', headers, payload: { amount: 1000, telephone, channel } },
      {
        method: 'POST' as const,
        url: '/api/payment/initiate',
        headers,
        payload: { name: 'Codjo Ahouandjinou', telephone, amount: 5000, payment_type: 'cotisation', channel },
      },
      {
        method: 'POST' as const,
        url: '/api/pledges',
        headers,
        payload: { name: 'Awa Donatrice', telephone, amount: 2000, purpose: 'sante', channel },
      },
    ];
  };
  const sendAll = async (requests: ReturnType<typeof giftForms>) => {
    for (const request of requests) {
      const res = await t.app.inject(request);
      expect(res.statusCode, res.body).toBe(201);
    }
  };

  it('a gift form sent by anyone records the choice for the number typed, but cannot undo its STOP', async () => {
    const tel = '0197410001';
    await sendAll(giftForms(tel, 'whatsapp').slice(0, 1));
    expect((await whatsappHistory(tel)).map((r) => [r.given, r.source])).toEqual([[true, 'donation_form']]);
    await withdrawChannel(t.db, 'whatsapp', '+2290197410001');
    // A stranger signed in on their own account is no more the number's owner.
    const stranger = await seedUser(t, 'sympathisant', { telephone: '+2290197410011' });
    // (Two of the three pledge forms only: one number holds at most three pledges waiting for their first gift.)
    await sendAll([...giftForms(tel, 'whatsapp').slice(0, 2), ...giftForms(tel, 'whatsapp', stranger.token)]);
    expect((await whatsappHistory(tel)).map((r) => [r.given, r.source])).toEqual([
      [true, 'donation_form'],
      [false, 'stop'],
    ]);
  });

  it('the signed-in person’s own telephone: recorded from each gift form, but not over their STOP without a code', async () => {
    const member = await seedUser(t, 'sympathisant', { telephone: '+2290197410002' });
    const [gift, fee, pledge] = giftForms('01 97 41 00 02', 'whatsapp', member.token);
    await sendAll([gift!, fee!, pledge!]);
    expect((await whatsappHistory('0197410002')).map((r) => [r.given, r.source])).toEqual([
      [true, 'donation_form'],
      [true, 'payment_form'],
      [true, 'pledge_form'],
    ]);
    await withdrawChannel(t.db, 'whatsapp', '+2290197410002');
    await sendAll(giftForms('0197410002', 'whatsapp', member.token));
    expect((await whatsappHistory('0197410002')).at(-1)).toMatchObject({ given: false, source: 'stop' });
    // Signed in by an SMS code to that telephone: the number is proved, the new choice holds.
    await t.db.updateTable('auth_tokens').set({ code_verified_at: new Date().toISOString() }).where('user_id', '=', member.id).execute();
    await sendAll(giftForms('0197410002', 'whatsapp', member.token).slice(0, 1));
    expect((await whatsappHistory('0197410002')).at(-1)).toMatchObject({ given: true, source: 'donation_form' });
  });

  it('the event and the volunteer forms record it as before', async () => {
    const event = await createEvent(t, admin);
    const ticket = await t.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/registrations`,
      payload: { name: 'Ahouéfa Houngbo', telephone: '0197410004', seats: 1, channel: 'whatsapp' },
    });
    expect(ticket.statusCode, ticket.body).toBe(201);
    const volunteer = await t.app.inject({
      method: 'POST',
      url: '/api/volunteers',
      ...multipart([
        field('name', 'Kossi Mensah'),
        field('telephone', '0197410005'),
        field('domain', 'education'),
        field('channel', 'whatsapp'),
        file('profile_image', 'moi.png', makePng(), 'image/png'),
        file('cv', 'cv.pdf', makePdf(), 'application/pdf'),
        file('motivation_letter', 'lettre.docx', makeDocx()),
        file('criminal_record', 'casier.pdf', makePdf()),
      ]),
    });
    expect(volunteer.statusCode, volunteer.body).toBe(201);
    const sources = {
      '0197410004': 'event_registration',
      '0197410005': 'volunteer_form',
    };
    for (const [tel, source] of Object.entries(sources)) {
      expect((await whatsappHistory(tel)).map((r) => [r.given, r.source])).toEqual([[true, source]]);
    }
  });

  it('the member space shows the choice made on a form with the same telephone, and switches it back', async () => {
    const member = await seedUser(t, 'sympathisant', { telephone: '+2290197410006' });
    await t.app.inject({
      method: 'POST',
      url: '/api/donation/initiate',
      headers: bearer(member.token),
      payload: { amount: 1000, telephone: '0197410006', channel: 'whatsapp' },
    });
    const mine = async () =>
      (
        (await t.app.inject({ method: 'GET', url: '/api/profile/consents', headers: bearer(member.token) })).json() as {
          purpose: string;
          given: boolean;
        }[]
      ).find((c) => c.purpose === 'whatsapp')?.given;
    expect(await mine()).toBe(true);
    await t.app.inject({
      method: 'POST',
      url: '/api/donation/initiate',
      headers: bearer(member.token),
      payload: { amount: 1000, telephone: '0197410006', channel: 'sms' },
    });
    expect(await mine()).toBe(false);
  });

  it('shows no withdrawal date for SMS chosen on a form without a WhatsApp consent ever given; a date after one', async () => {
    const member = await seedUser(t, 'sympathisant', { telephone: '+2290197410007' });
    const donate = (channel: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/donation/initiate',
        headers: bearer(member.token),
        payload: { amount: 1000, telephone: '0197410007', channel },
      });
    const mine = async () =>
      (
        (await t.app.inject({ method: 'GET', url: '/api/profile/consents', headers: bearer(member.token) })).json() as {
          purpose: string;
          given: boolean;
          since: string | null;
        }[]
      ).find((c) => c.purpose === 'whatsapp');
    await donate('sms');
    expect(await mine()).toMatchObject({ given: false, since: null });
    await donate('whatsapp');
    expect(await mine()).toMatchObject({ given: true, since: expect.any(String) });
    await donate('sms');
    expect(await mine()).toMatchObject({ given: false, since: expect.any(String) });
  });

  it('refuses any other channel with a French message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/donation/initiate',
      payload: { amount: 1000, telephone: '0197410009', channel: 'fax' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.channel).toEqual(['Choisissez SMS ou WhatsApp pour recevoir vos messages.']);
    expect(await whatsappHistory('0197410009')).toEqual([]);
  });
});
