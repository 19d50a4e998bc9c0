import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openText } from '../../src/platform/storage/sealed-text';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';
import { readZip, type SeededPerson, seedPerson } from './fixtures';

// docs/product/personal-data.md: a privacy request is proved by the telephone it names (code by SMS to it
// only; by e-mail only for a person known by e-mail alone, covering that e-mail's data only); a consent given or
// withdrawn from outside a message's link is proved the same way and changes only the proved address.

let t: TestApp;
let admin: SeededUser;
let victim: SeededPerson;
const ATTACKER_MAIL = 'pirate@exemple.bj';
const ATTACKER_TEL = '+2290196999999';
beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
  victim = await seedPerson(t, 'vic', '96121212');
});
afterAll(async () => t?.close());

const outboxTo = (address: string) =>
  t.db.selectFrom('outbox_messages').select(['id', 'secret', 'body']).where('to_address', '=', address).orderBy('id').execute();
const codeSentTo = async (address: string) => openText((await outboxTo(address)).filter((r) => r.secret).at(-1)?.secret ?? null);
const request = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/privacy/requests', payload });
const verify = (id: number, code: string) => t.app.inject({ method: 'POST', url: `/api/privacy/requests/${id}/verify`, payload: { code } });
const consent = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/consents', payload });

describe('privacy requests proved by the telephone they name', () => {
  it('{kind, telephone: victim, email: attacker}: the code goes by SMS to the victim only, nothing to the attacker', async () => {
    const res = await request({ kind: 'effacement', telephone: victim.telephone, email: ATTACKER_MAIL, details: 'Effacez.' });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Un code à 6 chiffres vient de vous être envoyé par SMS. Saisissez-le pour confirmer votre demande.');
    expect(await outboxTo(ATTACKER_MAIL)).toEqual([]);
    expect(await codeSentTo(victim.telephone)).toMatch(/^\d{6}$/);
    // The attacker's address is not even kept on the request (an administrator must never answer to it).
    const row = await t.db.selectFrom('privacy_requests').select(['telephone', 'email']).where('id', '=', res.json().id).executeTakeFirst();
    expect(row).toEqual({ telephone: victim.telephone, email: null });
    // Guessing is void after 5 tries.
    for (const guess of ['000000', '111111', '222222', '333333', '444444']) await verify(res.json().id, guess);
    expect((await verify(res.json().id, (await codeSentTo(victim.telephone))!)).statusCode).toBe(422);
  });

  it('a request naming only an e-mail is proved by that e-mail and covers that e-mail’s rows only', async () => {
    const res = await request({ kind: 'acces', email: victim.email, details: 'Mes données.' });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(
      'Un code à 6 chiffres vient de vous être envoyé par e-mail. Saisissez-le pour confirmer votre demande.',
    );
    const code = await codeSentTo(victim.email);
    expect((await verify(res.json().id, code!)).statusCode).toBe(200);
    const zip = await t.app.inject({
      method: 'GET',
      url: `/api/admin/privacy-requests/${res.json().id}/export`,
      headers: bearer(admin.token),
    });
    const json = (await readZip(zip.rawPayload)).get('donnees.json')!.toString();
    // The account (named by the telephone) is not covered: no account row, no questionnaire, no provider record.
    expect(json).not.toContain('statut-vic');
    expect(json).not.toContain('RCCM-vic');
    expect(json).toContain(victim.email);
  });

  it('no telephone and no e-mail: 422 with the telephone’s French message', async () => {
    const res = await request({ kind: 'acces', details: 'x' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.telephone).toEqual(['Numéro de téléphone invalide.']);
  });
});

describe('consents proved by the address they change', () => {
  it('proving one’s own telephone never withdraws someone else’s e-mail', async () => {
    await t.app.inject({ method: 'POST', url: '/api/subscribe', payload: { email: 'abonnee@exemple.bj' } });
    const first = await consent({ purpose: 'newsletter', given: false, telephone: ATTACKER_TEL, email: 'abonnee@exemple.bj' });
    expect(first.statusCode).toBe(202);
    expect(await outboxTo('abonnee@exemple.bj')).toEqual([]);
    const code = await codeSentTo(ATTACKER_TEL);
    const res = await consent({ purpose: 'newsletter', given: false, telephone: ATTACKER_TEL, email: 'abonnee@exemple.bj', code });
    expect(res.statusCode).toBe(200);
    const subscribed = await t.db.selectFrom('newsletter_subscriptions').select('id').where('email', '=', 'abonnee@exemple.bj').execute();
    expect(subscribed).toHaveLength(1);
    const rows = await t.db.selectFrom('consents').select(['telephone', 'email', 'given']).where('source', '=', 'consent_api').execute();
    expect(rows).toEqual([{ telephone: ATTACKER_TEL, email: null, given: 0 }]);
  });

  it('giving a consent for an address needs its code: nothing is recorded without it', async () => {
    const res = await consent({ purpose: 'whatsapp', given: true, telephone: victim.telephone });
    expect(res.statusCode).toBe(202);
    const wrong = await consent({ purpose: 'whatsapp', given: true, telephone: victim.telephone, code: '000000' });
    const code = await codeSentTo(victim.telephone);
    if (code !== '000000') expect(wrong.statusCode).toBe(422);
    const rows = await t.db
      .selectFrom('consents')
      .select('id')
      .where('telephone', '=', victim.telephone)
      .where('purpose', '=', 'whatsapp')
      .execute();
    expect(rows.length).toBe(code === '000000' ? 1 : 0);
  });
});
