import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../src/platform/lib/clock';
import { toE164 } from '../../src/platform/lib/phone';
import { openText } from '../../src/platform/storage/sealed-text';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, seedUser } from '../helpers/users';

// Phone-only people: an account with no password (code-only) erases itself and changes its telephone within
// 15 minutes of an SMS code, the same window as choosing a password; GET /api/profile says until when.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
afterEach(() => setClock(null));

const openCode = async (telephone: string) =>
  openText(
    (
      await t.db
        .selectFrom('outbox_messages')
        .select('secret')
        .where('to_address', '=', toE164(telephone) ?? telephone)
        .where('body', 'like', '%code de connexion%')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
    ).secret,
  )!;

async function signInByCode(telephone: string) {
  expect((await t.app.inject({ method: 'POST', url: '/api/login/code/request', payload: { telephone } })).statusCode).toBe(202);
  const res = await t.app.inject({ method: 'POST', url: '/api/login/code', payload: { telephone, code: await openCode(telephone) } });
  expect(res.statusCode).toBe(200);
  return (res.json() as { token: string }).token;
}

async function codeOnlyPerson() {
  const person = await seedUser(t, 'sympathisant');
  await t.db.updateTable('users').set({ password_hash: '!code-only' }).where('id', '=', person.id).execute();
  return person;
}

const erase = (token: string, payload: Record<string, string> = {}) =>
  t.app.inject({ method: 'DELETE', url: '/api/profile', headers: bearer(token), payload });

describe('a code-only account erasing itself', () => {
  it('needs no password within 15 minutes of an SMS code', async () => {
    setClock('2027-04-01T09:00:00Z');
    const person = await codeOnlyPerson();
    const token = await signInByCode(person.telephone);
    setClock('2027-04-01T09:14:00Z');
    const res = await erase(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Votre compte et vos données personnelles ont été supprimés.');
    // Erased: the session is gone.
    expect((await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('asks for the password or a new code after 15 minutes, and for a password login', async () => {
    setClock('2027-04-02T09:00:00Z');
    const person = await codeOnlyPerson();
    const token = await signInByCode(person.telephone);
    setClock('2027-04-02T09:15:01Z');
    const late = await erase(token);
    expect(late.statusCode).toBe(422);
    expect(late.json().errors.current_password).toEqual([
      'Saisissez votre mot de passe, ou reconnectez-vous avec un code reçu par SMS : vous pourrez alors supprimer votre compte sans mot de passe pendant 15 minutes.',
    ]);
    expect((await erase(person.token)).statusCode).toBe(422);
    expect((await erase(person.token, { current_password: '!code-only' })).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(token) })).statusCode).toBe(200);
  });
});

describe('a code-only account changing its telephone', () => {
  const update = (token: string, who: { name: string; email: string }, payload: Record<string, string>) =>
    t.app.inject({ method: 'PUT', url: '/api/profile', headers: bearer(token), payload: { name: who.name, email: who.email, ...payload } });

  it('changes it within the window, and the former number is told by SMS', async () => {
    setClock('2027-04-03T09:00:00Z');
    const person = await codeOnlyPerson();
    const token = await signInByCode(person.telephone);
    const res = await update(token, person, { telephone: '0197000222' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.telephone).toBe('+2290197000222');
    const notice = await t.db
      .selectFrom('outbox_messages')
      .select(['body', 'channel'])
      .where('to_address', '=', toE164(person.telephone)!)
      .where('body', 'like', '%numéro de téléphone de votre compte vient d’être modifié%')
      .execute();
    expect(notice).toHaveLength(1);
    // The e-mail still needs the password.
    const email = await update(token, { name: person.name, email: 'autre@example.org' }, { telephone: '0197000222' });
    expect(email.statusCode).toBe(422);
    expect(Object.keys(email.json().errors)).toEqual(['current_password']);
  });

  it('asks for the password after the window', async () => {
    setClock('2027-04-04T09:00:00Z');
    const person = await codeOnlyPerson();
    const token = await signInByCode(person.telephone);
    setClock('2027-04-04T09:15:01Z');
    const res = await update(token, person, { telephone: '0197000333' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['current_password']);
  });
});

describe('the code window told by the server', () => {
  it('GET /api/profile gives its end for a code session, null after it and for a password session', async () => {
    setClock('2027-04-05T09:00:00Z');
    const person = await seedUser(t, 'membre');
    const token = await signInByCode(person.telephone);
    const profile = async (tk: string) => (await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(tk) })).json();
    expect((await profile(token)).code_window_until).toBe('2027-04-05T09:15:00.000Z');
    expect((await profile(person.token)).code_window_until).toBeNull();
    setClock('2027-04-05T09:15:01Z');
    expect((await profile(token)).code_window_until).toBeNull();
  });
});

describe('a telephone typed on the profile is not proved', () => {
  it('is refused when it already gave or registered (its records would follow), accepted when it is new', async () => {
    const member = await seedUser(t, 'membre', { password: 'Mot-de-passe-du-membre' });
    // Someone else's gift made with +2290197661001, never linked to any account.
    const gift = await t.app.inject({
      method: 'POST',
      url: '/api/donation/initiate',
      payload: { amount: 1000, purpose: 'sante', telephone: '0197661001', name: 'Victime Sans Compte' },
    });
    expect(gift.statusCode, gift.body).toBe(201);
    const change = (telephone: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/profile',
        headers: bearer(member.token),
        payload: { name: member.name, email: member.email, telephone, current_password: 'Mot-de-passe-du-membre' },
      });
    const refused = await change('01 97 66 10 01');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.telephone[0]).toContain('Des dons ou des billets ont déjà été faits avec ce numéro');
    expect((await t.db.selectFrom('users').select('telephone').where('id', '=', member.id).executeTakeFirstOrThrow()).telephone).toBe(
      member.telephone,
    );
    expect((await change('0197661002')).statusCode).toBe(200);
  });
});

describe('erasure', () => {
  it('is never done through an act-as token', async () => {
    const adviser = await seedUser(t, 'conseiller');
    const person = await seedUser(t, 'consommateur', { password: 'Mot-de-passe-choisi', createdBy: adviser.id });
    const actAs = await t.app.inject({ method: 'POST', url: `/api/users/${person.id}/act-as`, headers: bearer(adviser.token) });
    expect(actAs.statusCode, actAs.body).toBe(200);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/profile',
      headers: bearer(actAs.json().token),
      payload: { current_password: 'Mot-de-passe-choisi' },
    });
    expect(res.statusCode).toBe(403);
    expect(await t.db.selectFrom('users').select('id').where('id', '=', person.id).executeTakeFirst()).toBeDefined();
  });
});
