import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openText } from '../../src/platform/storage/sealed-text';
import { setClock } from '../../src/platform/lib/clock';
import { toE164 } from '../../src/platform/lib/phone';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, seedUser } from '../helpers/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
afterEach(() => setClock(null));

const SENT =
  'Si ce numéro permet la connexion par code, un code vient d’être envoyé par SMS. Il est valable 15 minutes. Au plus 3 codes par heure\u00a0: si rien n’arrive, réessayez plus tard ou utilisez votre mot de passe.';
const request = (telephone: string) => t.app.inject({ method: 'POST', url: '/api/login/code/request', payload: { telephone } });
const signIn = (telephone: string, code: string) => t.app.inject({ method: 'POST', url: '/api/login/code', payload: { telephone, code } });
const codeMessages = (telephone: string) =>
  t.db
    .selectFrom('outbox_messages')
    .select(['body', 'secret', 'channel'])
    .where('to_address', '=', toE164(telephone) ?? telephone)
    .where('body', 'like', '%code de connexion%')
    .orderBy('id', 'desc')
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, secret: openText(r.secret) })));

describe('sign-in with a code sent by SMS', () => {
  it('signs a membre in with the login answer; the code is masked in the outbox', async () => {
    const member = await seedUser(t, 'membre');
    const res = await request(member.telephone);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: SENT });
    const [sms] = await codeMessages(member.telephone);
    expect(sms!.body).toContain('••••••');
    expect(sms!.secret).toMatch(/^\d{6}$/);

    const login = await signIn(member.telephone, sms!.secret!);
    expect(login.statusCode).toBe(200);
    const body = login.json();
    expect(body.user).toMatchObject({ id: member.id, role: 'membre', name: member.name });
    expect(typeof body.token).toBe('string');
    expect((await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(body.token) })).statusCode).toBe(200);
    // Single use.
    expect((await signIn(member.telephone, sms!.secret!)).statusCode).toBe(422);
  });

  it('refuses an administrator and an adviser with the same answers as an unknown telephone, and sends nothing', async () => {
    for (const role of ['administrateur', 'conseiller'] as const) {
      const staff = await seedUser(t, role);
      const res = await request(staff.telephone);
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message: SENT });
      expect(await codeMessages(staff.telephone)).toHaveLength(0);
      const login = await signIn(staff.telephone, '123456');
      expect(login.statusCode).toBe(422);
      expect(login.json()).toEqual({
        message: 'Code invalide ou expiré. Demandez un nouveau code.',
        errors: { code: ['Code invalide ou expiré. Demandez un nouveau code.'] },
      });
    }
    const unknown = await request('0199999999');
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json()).toEqual({ message: SENT });
  });

  it('keeps the recovery rules: 5 tries, 15 minutes, 3 codes an hour', async () => {
    const member = await seedUser(t, 'sympathisant');
    setClock('2027-01-10T10:00:00Z');
    await request(member.telephone);
    const [sms] = await codeMessages(member.telephone);
    const wrong = sms!.secret === '000000' ? '111111' : '000000';
    const tries = await Promise.all(Array.from({ length: 8 }, () => signIn(member.telephone, wrong)));
    expect(tries.every((r) => r.statusCode === 422)).toBe(true);
    expect((await signIn(member.telephone, sms!.secret!)).statusCode).toBe(422); // void after 5 tries

    await request(member.telephone);
    const [second] = await codeMessages(member.telephone);
    setClock('2027-01-10T10:16:00Z');
    expect((await signIn(member.telephone, second!.secret!)).statusCode).toBe(422); // expired

    await request(member.telephone); // the third this hour
    await request(member.telephone); // a fourth: same answer, no code
    expect(await codeMessages(member.telephone)).toHaveLength(3);
    const [third] = await codeMessages(member.telephone);
    expect((await signIn(member.telephone, third!.secret!)).statusCode).toBe(200);
  });

  it('refuses a malformed code with a French message', async () => {
    const res = await signIn('0197000000', 'abc');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.code).toEqual(['Le code comporte 6 chiffres.']);
  });
});
