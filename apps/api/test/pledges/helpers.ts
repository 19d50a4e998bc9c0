import { expect } from 'vitest';
import type { TestApp } from '../helpers/test-app';
import { bearer } from '../helpers/users';

export const PLEDGE = { name: 'Awa Donatrice', telephone: '0197123456', amount: 5000, purpose: 'sante', frequency: 'mensuel' };

/** Makes a pledge (optionally signed in) and, unless `outcome` is null, answers its first checkout in the sandbox. */
export async function makePledge(t: TestApp, body: Record<string, unknown> = {}, outcome: string | null = 'approved', token?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/pledges',
    payload: { ...PLEDGE, ...body },
    headers: token ? bearer(token) : {},
  });
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json() as { id: number; manage_url: string; checkout_url: string };
  if (outcome) await answerCheckout(t, created.checkout_url, outcome);
  return { ...created, token: created.manage_url.split('/engagement/')[1]! };
}

export async function answerCheckout(t: TestApp, checkoutUrl: string, outcome = 'approved') {
  const post = await t.app.inject({
    method: 'POST',
    url: checkoutUrl,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${outcome}`,
  });
  expect(post.statusCode).toBe(303);
  const back = await t.app.inject({ method: 'GET', url: post.headers.location as string });
  expect(back.statusCode).toBe(302);
}

/** The pledge messages queued so far, oldest first. */
export const pledgeMessages = (t: TestApp, pledgeId: number, kind?: string) =>
  t.db
    .selectFrom('outbox_messages')
    .selectAll()
    .where('dedupe_key', 'like', `pledge:${pledgeId}:${kind ? `%${kind}:%` : '%'}`)
    .orderBy('id')
    .execute();

/** The token of the newest link sent to a pledge's donor. */
export async function linkFromLastSms(t: TestApp, pledgeId: number): Promise<string> {
  const rows = await pledgeMessages(t, pledgeId);
  const sms = rows.filter((r) => r.channel === 'sms').at(-1)!;
  const match = /\/engagement\/([\w-]+)/.exec(sms.body);
  return match![1]!;
}
