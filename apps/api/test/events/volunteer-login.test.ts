import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openText } from '../../src/platform/storage/sealed-text';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { auth, insertVolunteer } from './fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const request = (telephone: string) => t.app.inject({ method: 'POST', url: '/api/volunteers/login/code/request', payload: { telephone } });
const login = (telephone: string, code: string) =>
  t.app.inject({ method: 'POST', url: '/api/volunteers/login/code', payload: { telephone, code } });
const lastSms = (to: string) =>
  t.db.selectFrom('outbox_messages').select(['body', 'secret']).where('to_address', '=', to).orderBy('id', 'desc').executeTakeFirst();

describe('volunteer sign-in with an SMS code', () => {
  it('sends a masked code to a confirmed volunteer only, with the same answer for any telephone', async () => {
    await insertVolunteer(t, '+2290192000001');
    const known = await request('01 92 00 00 01');
    const unknown = await request('0192000099');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual(unknown.json());
    const sms = await lastSms('+2290192000001');
    expect(sms?.body).toContain('••••••');
    expect(openText(sms?.secret ?? null)).toMatch(/^\d{6}$/);
    expect(await lastSms('+2290192000099')).toBeUndefined();
  });

  it('gives a token for the right code, once, and refuses a wrong one with 422', async () => {
    await insertVolunteer(t, '+2290192000002');
    await request('0192000002');
    const code = openText((await lastSms('+2290192000002'))!.secret)!;
    const wrong = await login('0192000002', code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code).toEqual(['Code invalide ou expiré. Demandez un nouveau code.']);
    const ok = await login('0192000002', code);
    expect(ok.statusCode).toBe(200);
    const shifts = await t.app.inject({ method: 'GET', url: '/api/volunteers/me/shifts', headers: auth(ok.json().token) });
    expect(shifts.statusCode).toBe(200);
    expect((await login('0192000002', code)).statusCode).toBe(422);
  });

  it('refuses a volunteer not yet confirmed', async () => {
    const id = await insertVolunteer(t, '+2290192000003');
    await t.db.updateTable('volunteers').set({ is_confirmed: 0 }).where('id', '=', id).execute();
    await request('0192000003');
    expect(await lastSms('+2290192000003')).toBeUndefined();
  });
});
