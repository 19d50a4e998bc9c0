import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, createEvent } from '../events/fixtures';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, seedUser } from '../helpers/users';
import { field, file, makeDocx, makePdf, makePng, multipart } from '../public-site/fixtures';

// Every public form that sends messages (gift, pledge, fee, event, volunteer) takes `channel: "sms"|"whatsapp"`,
// recorded as the WhatsApp consent the member space switches (docs/product/personal-data.md — Consent).

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
  it('a gift with WhatsApp records the consent given; SMS later withdraws it; no choice records nothing', async () => {
    const tel = '0197410001';
    const gift = (channel?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/donation/initiate',
        payload: { amount: 1000, telephone: tel, ...(channel ? { channel } : {}) },
      });
    expect((await gift()).statusCode).toBe(201);
    expect(await whatsappHistory(tel)).toEqual([]);
    expect((await gift('whatsapp')).statusCode).toBe(201);
    expect((await gift('sms')).statusCode).toBe(201);
    expect((await whatsappHistory(tel)).map((r) => [r.given, r.source, r.channel, r.telephone])).toEqual([
      [true, 'donation_form', 'web', '+2290197410001'],
      [false, 'donation_form', 'web', '+2290197410001'],
    ]);
  });

  it('the fee, the pledge, the event and the volunteer forms record it the same way', async () => {
    const fee = await t.app.inject({
      method: 'POST',
      url: '/api/payment/initiate',
      payload: { name: 'Codjo Ahouandjinou', telephone: '0197410002', amount: 5000, payment_type: 'cotisation', channel: 'whatsapp' },
    });
    expect(fee.statusCode, fee.body).toBe(201);
    const pledge = await t.app.inject({
      method: 'POST',
      url: '/api/pledges',
      payload: { name: 'Awa Donatrice', telephone: '0197410003', amount: 2000, purpose: 'sante', channel: 'whatsapp' },
    });
    expect(pledge.statusCode, pledge.body).toBe(201);
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
      '0197410002': 'payment_form',
      '0197410003': 'pledge_form',
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
      payload: { amount: 1000, telephone: '0197410006', channel: 'sms' },
    });
    expect(await mine()).toBe(false);
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
