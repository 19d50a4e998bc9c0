import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CODE_RULES, issueCode, verifyCode, voidCodes } from '../../src/modules/codes';
import { setClock } from '../../src/platform/lib/clock';
import { createTestApp, type TestApp } from '../helpers/test-app';

// The one-time code module on its own: issue, check once, limits, atomic counting of tries.

let t: TestApp;
const cost = 2 ** 10;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
afterEach(() => setClock(null));

async function issue(subject: string, purpose: 'login' | 'consent' = 'login') {
  let sent = '';
  const result = await issueCode(t.db, {
    purpose,
    subject,
    passwordCost: cost,
    notify: async (_trx, code) => {
      sent = code;
    },
  });
  return { result, code: sent };
}
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const row = (subject: string) =>
  t.db.selectFrom('one_time_codes').selectAll().where('subject', '=', subject).orderBy('id', 'desc').executeTakeFirstOrThrow();

describe('one-time codes', () => {
  it('issues a 6-digit code stored only as a hash, accepted once', async () => {
    const { result, code } = await issue('+2290197000001');
    expect(result).toBe('sent');
    expect(code).toMatch(/^\d{6}$/);
    expect((await row('+2290197000001')).code_hash).not.toContain(code);
    expect(await verifyCode(t.db, { purpose: 'login', subject: '+2290197000001', code, passwordCost: cost })).toMatchObject({ ok: true });
    expect(await verifyCode(t.db, { purpose: 'login', subject: '+2290197000001', code, passwordCost: cost })).toEqual({ ok: false });
  });

  it('keeps purposes apart and voids the previous live code', async () => {
    const first = await issue('+2290197000002');
    const second = await issue('+2290197000002');
    expect(await verifyCode(t.db, { purpose: 'consent', subject: '+2290197000002', code: second.code, passwordCost: cost })).toEqual({
      ok: false,
    });
    if (first.code !== second.code) {
      expect(await verifyCode(t.db, { purpose: 'login', subject: '+2290197000002', code: first.code, passwordCost: cost })).toEqual({
        ok: false,
      });
    }
    expect(await verifyCode(t.db, { purpose: 'login', subject: '+2290197000002', code: second.code, passwordCost: cost })).toMatchObject({
      ok: true,
    });
  });

  it('allows 3 codes per subject and purpose per hour', async () => {
    setClock('2026-11-25T10:00:00Z');
    for (let i = 0; i < CODE_RULES.maxPerHour; i++) expect((await issue('+2290197000003')).result).toBe('sent');
    expect((await issue('+2290197000003')).result).toBe('limited');
    expect((await issue('+2290197000003', 'consent')).result).toBe('sent');
    setClock('2026-11-25T11:00:01Z');
    expect((await issue('+2290197000003')).result).toBe('sent');
  });

  it('expires after 15 minutes', async () => {
    setClock('2026-11-25T12:00:00Z');
    const { code } = await issue('+2290197000004');
    setClock('2026-11-25T12:15:01Z');
    expect(await verifyCode(t.db, { purpose: 'login', subject: '+2290197000004', code, passwordCost: cost })).toEqual({ ok: false });
  });

  it('is void after 5 tries, even for the right code', async () => {
    const { code } = await issue('+2290197000005');
    for (let i = 0; i < 5; i++) {
      expect(await verifyCode(t.db, { purpose: 'login', subject: '+2290197000005', code: wrong(code), passwordCost: cost })).toEqual({
        ok: false,
      });
    }
    expect(await verifyCode(t.db, { purpose: 'login', subject: '+2290197000005', code, passwordCost: cost })).toEqual({ ok: false });
    expect((await row('+2290197000005')).attempts).toBe(5);
  });

  it('counts 40 parallel wrong tries atomically: attempts stays at 5 and the right code is refused', async () => {
    const { code } = await issue('+2290197000006');
    const results = await Promise.all(
      Array.from({ length: 40 }, () =>
        verifyCode(t.db, { purpose: 'login', subject: '+2290197000006', code: wrong(code), passwordCost: cost }),
      ),
    );
    expect(results.every((r) => !r.ok)).toBe(true);
    expect((await row('+2290197000006')).attempts).toBeLessThanOrEqual(5);
    expect(await verifyCode(t.db, { purpose: 'login', subject: '+2290197000006', code, passwordCost: cost })).toEqual({ ok: false });
  });

  it('voidCodes voids the live codes of a subject', async () => {
    const { code } = await issue('+2290197000007');
    expect(await voidCodes(t.db, { subject: '+2290197000007' })).toBe(1);
    expect(await verifyCode(t.db, { purpose: 'login', subject: '+2290197000007', code, passwordCost: cost })).toEqual({ ok: false });
  });
});
