import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../src/platform/lib/clock';
import { toE164 } from '../../src/platform/lib/phone';
import { openText } from '../../src/platform/storage/sealed-text';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, seedUser } from '../helpers/users';

// Phone-only people, round three: a person created by an adviser who signs in by SMS code chooses her password
// without the one she never had, within 15 minutes of the code (server-enforced).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
afterEach(() => setClock(null));

const lastCode = async (telephone: string) =>
  (
    await t.db
      .selectFrom('outbox_messages')
      .select('secret')
      .where('to_address', '=', toE164(telephone) ?? telephone)
      .where('body', 'like', '%code de connexion%')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
  ).secret;
const openCode = async (telephone: string) => openText(await lastCode(telephone))!;

async function signInByCode(telephone: string) {
  expect((await t.app.inject({ method: 'POST', url: '/api/login/code/request', payload: { telephone } })).statusCode).toBe(202);
  const res = await t.app.inject({ method: 'POST', url: '/api/login/code', payload: { telephone, code: await openCode(telephone) } });
  expect(res.statusCode).toBe(200);
  return res.json() as { token: string; user: { must_change_password: boolean } };
}

const choose = (token: string, who: { name: string; email: string; telephone: string }, extra: Record<string, string> = {}) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/profile',
    headers: bearer(token),
    payload: { name: who.name, email: who.email, telephone: who.telephone, password: 'MonNouveau2027', ...extra },
  });

describe('choosing a password after signing in by SMS code', () => {
  it('needs no old password within 15 minutes of the code; then the step is over', async () => {
    setClock('2027-03-01T09:00:00Z');
    const adviser = await seedUser(t, 'conseiller');
    const person = await seedUser(t, 'consommateur');
    await t.db.updateTable('users').set({ must_change_password: 1, created_by: adviser.id }).where('id', '=', person.id).execute();
    const session = await signInByCode(person.telephone);
    expect(session.user.must_change_password).toBe(true);

    setClock('2027-03-01T09:14:00Z');
    const res = await choose(session.token, person);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ must_change_password: false });
    // « Mon espace » is open now: no loop back to the password step.
    expect((await t.app.inject({ method: 'GET', url: '/api/profile/money', headers: bearer(session.token) })).statusCode).toBe(200);
    // The window closed with the choice: a second change asks for the password again.
    const again = await choose(session.token, person, { password: 'EncoreAutre2027' });
    expect(again.statusCode).toBe(422);
    expect(Object.keys(again.json().errors)).toEqual(['current_password']);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { telephone: person.telephone, password: 'MonNouveau2027' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('asks for the old password after 15 minutes, and for a password login', async () => {
    setClock('2027-03-02T09:00:00Z');
    const person = await seedUser(t, 'sympathisant');
    await t.db.updateTable('users').set({ must_change_password: 1 }).where('id', '=', person.id).execute();
    const session = await signInByCode(person.telephone);
    setClock('2027-03-02T09:15:01Z');
    const late = await choose(session.token, person);
    expect(late.statusCode).toBe(422);
    expect(late.json().errors.current_password).toEqual([
      'Saisissez votre mot de passe actuel pour modifier le mot de passe, le téléphone ou l’email.',
    ]);

    // A token from a password login never skips the old password.
    const byPassword = await choose(person.token, person);
    expect(byPassword.statusCode).toBe(422);
  });

  it('does not let a fresh code change the e-mail without the password (the telephone: code-session-identity.test.ts)', async () => {
    setClock('2027-03-03T09:00:00Z');
    const person = await seedUser(t, 'membre');
    const session = await signInByCode(person.telephone);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: bearer(session.token),
      payload: { name: person.name, email: 'nouvelle@example.org', telephone: person.telephone },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['current_password']);
  });
});
