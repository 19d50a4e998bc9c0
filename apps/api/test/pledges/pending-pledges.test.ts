import { PLEDGE_MESSAGES, PLEDGE_PENDING_MAX_PER_TELEPHONE } from '@shared/schemas/pledges';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runPledgeDues } from '../../src/modules/pledges';
import { setClock } from '../../src/platform/lib/clock';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { answerCheckout, makePledge, PLEDGE } from './helpers';

// docs/recurring-giving.md — « Premier don »: anyone can type a number into the pledge form, so a pledge is pending
// until its first gift is paid; nothing is sent to a pending pledge's number, it lapses after a day, and one number
// holds at most PLEDGE_PENDING_MAX_PER_TELEPHONE of them.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://asbe.example.bj' });
});
afterAll(async () => t?.close());
afterEach(() => setClock(null));

const dues = (at: string) => {
  setClock(at);
  return runPledgeDues(t.db, t.config.publicUrl);
};
const view = (token: string) => t.app.inject({ method: 'GET', url: `/api/pledges/by-token/${token}` });
const patch = (token: string, payload: object) => t.app.inject({ method: 'PATCH', url: `/api/pledges/by-token/${token}`, payload });
const outboxTo = (telephone: string) => t.db.selectFrom('outbox_messages').select('body').where('to_address', '=', telephone).execute();

describe('a pledge whose first gift is not paid', () => {
  it('is pending: no due, reminder nor pause notice reaches the number, and it lapses after a day without a message', async () => {
    setClock('2027-01-10T10:00:00Z');
    const p = await makePledge(t, { telephone: '0196200001' }, null);
    expect((await view(p.token)).json()).toMatchObject({ status: 'pending', next_due: null });
    // It can be paid or stopped from its link, not paused (a pause then a resume would make it active).
    expect((await patch(p.token, { action: 'pause' })).json().message).toBe(PLEDGE_MESSAGES.pendingFirstGift);
    // Within the day the due job leaves it alone; after it, the pledge lapses.
    expect(await dues('2027-01-11T08:00:00Z')).toMatchObject({ lapsed: 0, due: 0, reminders: 0 });
    expect((await view(p.token)).json().status).toBe('pending');
    expect(await dues('2027-01-11T10:00:01Z')).toMatchObject({ lapsed: 1, due: 0, reminders: 0 });
    for (const day of ['2027-01-13', '2027-02-10', '2027-02-13', '2027-03-10', '2027-04-10']) await dues(`${day}T10:00:00Z`);
    expect((await view(p.token)).json()).toMatchObject({ status: 'cancelled', next_due: null });
    expect(await outboxTo('+2290196200001')).toEqual([]);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'pledge')
      .where('entity_id', '=', String(p.id))
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['pledge.create', 'pledge.lapse']);
  });

  it('becomes active when its first gift is approved, and only then gets its dues', async () => {
    setClock('2027-01-10T10:00:00Z');
    const p = await makePledge(t, { telephone: '0196200002' }, null);
    expect((await view(p.token)).json().status).toBe('pending');
    await answerCheckout(t, p.checkout_url, 'approved');
    expect((await view(p.token)).json()).toMatchObject({ status: 'active', next_due: '2027-02-10' });
    expect(await dues('2027-02-10T10:00:00Z')).toMatchObject({ due: 1 });
  });

  it(`allows ${PLEDGE_PENDING_MAX_PER_TELEPHONE} pending pledges per number, even asked in parallel: 429 in French past them`, async () => {
    setClock('2027-01-10T10:00:00Z');
    const results = await Promise.all(
      Array.from({ length: 15 }, () =>
        t.app.inject({ method: 'POST', url: '/api/pledges', payload: { ...PLEDGE, telephone: '0196200003' } }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(PLEDGE_PENDING_MAX_PER_TELEPHONE);
    expect(codes.filter((c) => c !== 201).every((c) => c === 429)).toBe(true);
    expect(results.find((r) => r.statusCode === 429)!.json().message).toBe(PLEDGE_MESSAGES.tooManyPending);
    const pledges = await t.db.selectFrom('pledges').select('status').where('telephone', '=', '+2290196200003').execute();
    expect(pledges).toEqual(Array(PLEDGE_PENDING_MAX_PER_TELEPHONE).fill({ status: 'pending' }));
    // Once they lapse, the real owner of the number can pledge again.
    await dues('2027-01-11T10:00:01Z');
    await makePledge(t, { telephone: '0196200003' });
  });
});
