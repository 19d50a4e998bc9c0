import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/platform/lib/tokens';
import { ADMIN, createTestApp, type TestApp } from '../helpers/test-app';

// "Se souvenir de moi" has a meaning: unticked, the token lives 12 hours (a shared or borrowed phone does not stay
// signed in for a month); ticked, 30 days.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const HOUR = 60 * 60 * 1000;

async function lifetimeOf(payload: Record<string, unknown>): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { telephone: ADMIN.telephone, password: ADMIN.password, ...payload },
  });
  expect(res.statusCode).toBe(200);
  const row = await t.db
    .selectFrom('auth_tokens')
    .select(['created_at', 'expires_at'])
    .where('token_hash', '=', hashToken(res.json().token))
    .executeTakeFirstOrThrow();
  return Date.parse(row.expires_at) - Date.parse(row.created_at);
}

describe('POST /api/login remember', () => {
  it('issues a 12-hour session when the box is not ticked (or not sent)', async () => {
    expect(await lifetimeOf({})).toBe(12 * HOUR);
    expect(await lifetimeOf({ remember: false })).toBe(12 * HOUR);
  });

  it('issues a 30-day session when it is ticked', async () => {
    expect(await lifetimeOf({ remember: true })).toBe(30 * 24 * HOUR);
  });

  it('refuses a value that is not a boolean with a French 422', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { telephone: ADMIN.telephone, password: ADMIN.password, remember: 'oui' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.remember).toEqual(['Valeur invalide pour « Se souvenir de moi ».']);
  });
});
