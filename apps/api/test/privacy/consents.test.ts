import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withdrawLink } from '../../src/modules/privacy';
import { openText } from '../../src/platform/storage/sealed-text';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';

// docs/product/personal-data.md — Consent: recorded with wording version, time, channel and address; withdrawn as
// easily (a message's link, the member space, or a code when from outside a link); each person's history for admins.

let t: TestApp;
let admin: SeededUser;
let member: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
  member = await seedUser(t, 'membre', { telephone: '+2290196555555', email: 'membre.consent@exemple.bj' });
});
afterAll(async () => t?.close());

const post = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/consents', payload });
const history = async (query: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/admin/consents?${query}`, headers: bearer(admin.token) })).json();
const lastCode = async (address: string) => {
  const row = await t.db
    .selectFrom('outbox_messages')
    .select('secret')
    .where('to_address', '=', address)
    .where('secret', 'is not', null)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return openText(row.secret)!;
};

describe('consents', () => {
  it('gives a consent for one’s own telephone once its code proves it, with wording version, channel and address', async () => {
    const first = await post({ purpose: 'sms_news', given: true, telephone: '01 96 77 77 77' });
    expect(first.statusCode).toBe(202);
    expect(first.json().message).toBe('Un code de confirmation vient de vous être envoyé. Saisissez-le pour donner votre consentement.');
    expect(await history('telephone=0196777777')).toHaveLength(0); // nothing recorded before the proof
    const res = await post({ purpose: 'sms_news', given: true, telephone: '01 96 77 77 77', code: await lastCode('+2290196777777') });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Votre consentement a été enregistré.');
    const rows = await history('telephone=0196777777');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      purpose: 'sms_news',
      given: true,
      wording_version: 'sms_news-2026-11',
      channel: 'web',
      telephone: '+2290196777777',
    });
  });

  it('withdrawing from outside a link needs the code sent by SMS', async () => {
    const first = await post({ purpose: 'sms_news', given: false, telephone: '+2290196777777' });
    expect(first.statusCode).toBe(202);
    expect(await history('telephone=%2B2290196777777')).toHaveLength(1); // nothing recorded yet
    const code = await lastCode('+2290196777777');
    const wrong = await post({
      purpose: 'sms_news',
      given: false,
      telephone: '+2290196777777',
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(422);
    const right = await post({ purpose: 'sms_news', given: false, telephone: '+2290196777777', code });
    expect(right.statusCode).toBe(200);
    expect(right.json().message).toBe('Votre consentement a été retiré.');
    const rows = await history('telephone=%2B2290196777777');
    expect(rows.map((r: { given: boolean }) => r.given)).toEqual([true, false]);
  });

  it('a message’s withdraw link withdraws without a code; a tampered one is refused', async () => {
    const link = await withdrawLink(t.db, 'http://x', 'newsletter', 'lien@exemple.bj');
    const token = new URL(link).searchParams.get('jeton')!;
    const tampered = await post({ purpose: 'newsletter', given: false, token: `${token.slice(0, -2)}xx` });
    expect(tampered.statusCode).toBe(422);
    expect(tampered.json().message).toBe('Ce lien de retrait n’est pas valide.');
    const otherPurpose = await post({ purpose: 'sms_news', given: false, token });
    expect(otherPurpose.statusCode).toBe(422);
    const res = await post({ purpose: 'newsletter', given: false, token });
    expect(res.statusCode).toBe(200);
    expect(await history('email=lien@exemple.bj')).toMatchObject([{ purpose: 'newsletter', given: false, channel: 'lien' }]);
  });

  it('the newsletter form records the consent and its unsubscribe link the withdrawal', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/subscribe', payload: { email: 'lettre@exemple.bj' } });
    expect(res.statusCode).toBe(200);
    expect(await history('email=lettre@exemple.bj')).toMatchObject([{ purpose: 'newsletter', given: true, source: 'newsletter_form' }]);
    const token = 'a'.repeat(32);
    await t.db.updateTable('newsletter_subscriptions').set({ unsubscribe_token: token }).where('email', '=', 'lettre@exemple.bj').execute();
    expect((await t.app.inject({ method: 'POST', url: `/api/unsubscribe/${token}` })).statusCode).toBe(200);
    expect((await history('email=lettre@exemple.bj')).map((r: { given: boolean }) => r.given)).toEqual([true, false]);
  });

  it('the newsletter form refuses a subscription whose choice says no', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/subscribe',
      payload: { email: 'non@exemple.bj', consents: { newsletter: false } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.consents).toEqual(['Cochez la case pour accepter de recevoir la lettre d’information.']);
    expect(await t.db.selectFrom('newsletter_subscriptions').select('id').where('email', '=', 'non@exemple.bj').execute()).toHaveLength(0);
  });

  it('the member space shows and toggles the person’s consents; the newsletter subscription follows', async () => {
    const get = async () => (await t.app.inject({ method: 'GET', url: '/api/profile/consents', headers: bearer(member.token) })).json();
    expect((await get()).every((c: { given: boolean }) => !c.given)).toBe(true);
    const put = (purpose: string, given: boolean) =>
      t.app.inject({ method: 'PUT', url: '/api/profile/consents', headers: bearer(member.token), payload: { purpose, given } });
    expect((await put('whatsapp', true)).statusCode).toBe(200);
    expect((await put('newsletter', true)).statusCode).toBe(200);
    const now = await get();
    expect(now.find((c: { purpose: string }) => c.purpose === 'whatsapp')).toMatchObject({ given: true, label: 'Messages par WhatsApp' });
    const subscribed = () =>
      t.db.selectFrom('newsletter_subscriptions').select('id').where('email', '=', 'membre.consent@exemple.bj').execute();
    expect(await subscribed()).toHaveLength(1);
    await put('newsletter', false);
    expect(await subscribed()).toHaveLength(0);
    await put('whatsapp', false);
    expect((await get()).find((c: { purpose: string }) => c.purpose === 'whatsapp').given).toBe(false);
    // The WhatsApp channel reads the same rows (E.164 telephone, latest wins).
    const latest = await t.db
      .selectFrom('consents')
      .select(['given', 'channel'])
      .where('telephone', '=', '+2290196555555')
      .where('purpose', '=', 'whatsapp')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(latest).toEqual({ given: 0, channel: 'espace_membre' });
  });

  it('the history is for administrators; an address is required', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/consents?telephone=1', headers: bearer(member.token) })).statusCode).toBe(
      403,
    );
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/consents', headers: bearer(admin.token) });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Indiquez un numéro de téléphone ou une adresse e-mail.');
  });

  it('refuses an unknown purpose with a French message', async () => {
    const res = await post({ purpose: 'spam', given: true, email: 'x@exemple.bj' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.purpose).toEqual(['Choisissez une finalité valide.']);
  });
});
