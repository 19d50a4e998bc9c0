import { expect } from 'vitest';
import type { TestApp } from '../helpers/test-app';
import { bearer } from '../helpers/users';

/** A logged-in account pays through the sandbox checkout and the payer chooses `outcome`. */
export async function payThroughSandbox(t: TestApp, token: string | null, body: Record<string, unknown>, outcome = 'approved') {
  const res = await t.app.inject({ method: 'POST', url: '/api/payment/initiate', payload: body, headers: token ? bearer(token) : {} });
  expect(res.statusCode).toBe(201);
  const checkout = res.json().url as string;
  const post = await t.app.inject({ method: 'POST', url: checkout, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `outcome=${outcome}` });
  expect(post.statusCode).toBe(303);
  const back = await t.app.inject({ method: 'GET', url: post.headers.location as string });
  expect(back.statusCode).toBe(302);
  return t.db.selectFrom('payments').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
}

export async function profileMembership(t: TestApp, token: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json().membership as { status: string; valid_until: string | null };
}
