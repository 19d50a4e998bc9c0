import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '@shared/schemas/contact';
import { TEXT_MESSAGES } from '@shared/text-rules';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';

let t: TestApp;
let admin: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
});
afterAll(async () => t.close());

const valid = {
  name: 'Fifamè Houngbo',
  email: 'fifame@example.bj',
  phone: '+22997000000',
  services: 'Santé et éducation',
  message: 'Bonjour !',
};
const contact = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/contact', payload });

describe('POST /api/contact', () => {
  it('stores the message and answers {message}', async () => {
    const res = await contact(valid);
    expect(res.statusCode).toBe(200);
    expect(typeof res.json().message).toBe('string');
    const list = await t.app.inject({ url: '/api/contact-messages', headers: bearer(admin.token) });
    expect(list.json()[0]).toMatchObject({
      name: 'Fifamè Houngbo',
      email: 'fifame@example.bj',
      phone: '+2290197000000',
      services: 'Santé et éducation',
    });
  });

  it('accepts a message with only name and e-mail (phone, services and message are optional)', async () => {
    expect((await contact({ name: 'Jean Dossou', email: 'jean@example.bj' })).statusCode).toBe(200);
  });

  it.each(['Ali', 'A. B-c', ''])('refuses the name %j with the spec message', async (name) => {
    const res = await contact({ ...valid, name });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.name).toEqual(['Le nom doit comporter au moins 4 lettres et ne doit contenir que des lettres.']);
  });

  // docs/product/validation.md "Text that people write" replaces the original "letters and spaces only".
  it.each(['Jean2', 'J@an Paul', 'Jean\u0000Paul', 'Jean\u202ePaul', 'Jean\u200fPaul'])('refuses the name %j', async (name) => {
    const res = await contact({ ...valid, name });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.name).toEqual([TEXT_MESSAGES.nameChars]);
  });

  it.each(["Jean-Baptiste N'Dri", 'Agbo-Dossou', 'Mme Ahouéfa É. Houngbo', 'Ahouéfa O’Neil'])('accepts the name %j', async (name) => {
    const res = await contact({ ...valid, name });
    expect(res.statusCode).toBe(200);
  });

  it('keeps a message with its punctuation and line breaks, and refuses control or bidi characters in it', async () => {
    expect((await contact({ ...valid, message: "Bonjour,\nj'aimerais aider : où ? 5 000 FCFA !" })).statusCode).toBe(200);
    const bad = await contact({ ...valid, message: 'Bonjour \u202e moi' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.message).toEqual([CONTACT_MESSAGES.message]);
  });

  it.each(['', 'pas-un-email', 'a@b'])('refuses the e-mail %j with "Veuillez entrer une adresse email valide."', async (email) => {
    const res = await contact({ ...valid, email });
    expect(res.json().errors.email).toEqual(['Veuillez entrer une adresse email valide.']);
  });

  it('requires the e-mail', async () => {
    const { email: _e, ...rest } = valid;
    expect((await contact(rest)).json().errors.email).toEqual(['Veuillez entrer une adresse email valide.']);
  });

  it.each(['1234567', '1234567890123456', '+229abc00000', '++22997000000'])('refuses the phone %j', async (phone) => {
    const res = await contact({ ...valid, phone });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.phone).toEqual([
      "Le numéro de téléphone doit contenir entre 8 et 15 chiffres, précédé d'un signe + si nécessaire.",
    ]);
  });

  it.each(['12345678', '+123456789012345'])('accepts the phone %j', async (phone) => {
    expect((await contact({ ...valid, phone })).statusCode).toBe(200);
  });

  it('accepts services with punctuation and digits, refuses control characters', async () => {
    expect((await contact({ ...valid, services: 'Santé 24/7, éducation' })).statusCode).toBe(200);
    const res = await contact({ ...valid, services: 'Santé\u0000' });
    expect(res.json().errors.services).toEqual([CONTACT_MESSAGES.services]);
  });
});

describe('POST /api/subscribe', () => {
  it('subscribes once, stores the address lower-cased, and answers a repeat kindly', async () => {
    const first = await t.app.inject({ method: 'POST', url: '/api/subscribe', payload: { email: ' Lecteur@Example.BJ ' } });
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe('Merci ! Votre abonnement à la newsletter est confirmé.');
    const again = await t.app.inject({ method: 'POST', url: '/api/subscribe', payload: { email: 'lecteur@example.bj' } });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe('Vous êtes déjà abonné(e) à la newsletter. Merci pour votre fidélité !');
    const rows = await t.db.selectFrom('newsletter_subscriptions').selectAll().execute();
    expect(rows.filter((r) => r.email === 'lecteur@example.bj')).toHaveLength(1);
  });

  it('answers concurrent identical subscriptions without a 500', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () => t.app.inject({ method: 'POST', url: '/api/subscribe', payload: { email: 'course@example.bj' } })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
  });

  it('refuses an invalid address with the e-mail message', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/subscribe', payload: { email: 'nope' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['Veuillez entrer une adresse email valide.']);
  });

  it('lists subscribers for administrators, newest first', async () => {
    await t.app.inject({ method: 'POST', url: '/api/subscribe', payload: { email: 'dernier@example.bj' } });
    const res = await t.app.inject({ url: '/api/newsletter/subscribers?per_page=1', headers: bearer(admin.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ id: expect.any(Number), email: 'dernier@example.bj', created_at: expect.any(String) }]);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(3);
  });
});
