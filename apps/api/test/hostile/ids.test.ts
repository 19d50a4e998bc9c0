import { parseId } from '@shared/schemas/id-param';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, seedUser } from '../helpers/users';
import { expectCleanAnswer, RUNS } from './harness';

// #15 item 7: ids in paths. Signed, padded, spaced, fractional, exponent or hexadecimal spellings of a real id
// never reach it: one strict schema, the same 404 on every route.
let t: TestApp;
let adminToken: string;
let realId: number;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await seedUser(t, 'administrateur');
  adminToken = admin.token;
  realId = (await seedUser(t, 'consommateur', { confirmed: false, createdBy: admin.id })).id;
});
afterAll(async () => t?.close());

/** Spellings of `id` that a lax parser (Number, parseInt, z.coerce) would read as `id`. */
const disguised = (id: number): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom(
      `+${id}`,
      ` ${id}`,
      `${id} `,
      `0${id}`,
      `000${id}`,
      `${id}.0`,
      `${id}.`,
      `${id}e0`,
      `0x${id.toString(16)}`,
      `${id}\t`,
      `${id}\n`,
    ),
    fc
      .tuple(fc.constantFrom('+', ' ', '0', '00', '\u00a0', '\u2007'), fc.constantFrom('', ' ', '.0', '.00', '\u0000'))
      .map(([a, b]) => `${a}${id}${b}`),
  );

const ROUTES = [
  (id: string) => ({ method: 'GET' as const, url: `/api/usersconseiller/${encodeURIComponent(id)}` }),
  (id: string) => ({ method: 'PUT' as const, url: `/api/users/${encodeURIComponent(id)}/confirm` }),
  (id: string) => ({ method: 'GET' as const, url: `/api/receipts/payment/${encodeURIComponent(id)}?signature=x` }),
  (id: string) => ({ method: 'PUT' as const, url: `/api/testimonials/${encodeURIComponent(id)}/publish` }),
  (id: string) => ({ method: 'DELETE' as const, url: `/api/payments/${encodeURIComponent(id)}` }),
];

describe('hostile ids', () => {
  it('parseId accepts exactly the canonical decimal spelling', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2_147_483_647 }), (n) => parseId(String(n)) === n),
      { numRuns: 200 },
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999 }).chain(disguised), (s) => parseId(s) === null),
      { numRuns: 200 },
    );
  });

  it('every route with an id answers a disguised id with 404 and changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(disguised(realId), fc.constantFrom(...ROUTES), async (id, route) => {
        const res = await t.app.inject({ ...route(id), headers: bearer(adminToken) });
        expectCleanAnswer(res, { id, route: route(id).url });
        expect(res.statusCode, `${route(id).method} ${route(id).url}`).toBe(404);
      }),
      { numRuns: RUNS },
    );
    const user = await t.db.selectFrom('users').select('is_confirmed').where('id', '=', realId).executeTakeFirstOrThrow();
    expect(user.is_confirmed).toBe(0);
  });
});
