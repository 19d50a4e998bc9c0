import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, seedUser } from '../helpers/users';
import { hostileBody, hostileString, hostileValue } from '../hostile/arbitraries';
import { RUNS, sendHostile } from '../hostile/harness';

// The books' endpoints fed random, oversized, wrongly typed and injection-shaped input: never a 5xx, never a stack
// trace, and a refused request leaves the database as it was (an entry is validated for ever once posted).

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await seedUser(t, 'administrateur')).token;
});
afterAll(async () => t?.close());

const line = fc.record({ account: hostileValue, debit: hostileValue, credit: hostileValue, cause: hostileValue }, { requiredKeys: [] });
const hostileLines = fc.oneof(hostileValue, fc.array(line, { maxLength: 4 }));

describe('hostile input: books', () => {
  it('POST /api/admin/books/entries', async () => {
    await fc.assert(
      fc.asyncProperty(hostileBody(['date', 'journal', 'label', 'reference']), hostileLines, async (body, lines) => {
        const payload = { ...(body as object), lines };
        await sendHostile(t, {
          method: 'POST',
          url: '/api/admin/books/entries',
          headers: { 'content-type': 'application/json', ...bearer(token) },
          payload: JSON.stringify(payload),
        });
      }),
      { numRuns: RUNS },
    );
  });

  it('POST /api/admin/books/accounts and PUT /api/admin/books/budgets/{year}', async () => {
    await fc.assert(
      fc.asyncProperty(hostileBody(['number', 'label']), hostileLines, async (body, lines) => {
        await sendHostile(t, {
          method: 'POST',
          url: '/api/admin/books/accounts',
          headers: { 'content-type': 'application/json', ...bearer(token) },
          payload: JSON.stringify(body),
        });
        await sendHostile(t, {
          method: 'PUT',
          url: '/api/admin/books/budgets/2026',
          headers: { 'content-type': 'application/json', ...bearer(token) },
          payload: JSON.stringify({ lines }),
        });
      }),
      { numRuns: RUNS },
    );
  });

  it('query strings and path segments', async () => {
    await fc.assert(
      fc.asyncProperty(hostileString, async (v) => {
        let value: string;
        try {
          value = encodeURIComponent(v);
        } catch {
          value = 'x';
        }
        for (const url of [
          `/api/admin/books/entries?year=${value}&journal=${value}&account=${value}&page=${value}`,
          `/api/admin/books/trial-balance?year=${value}&format=${value}`,
          `/api/admin/books/ledger?year=2026&account=${value}`,
          `/api/admin/books/statements?year=${value}&system=${value}`,
          `/api/admin/books/years/${value}`,
          `/api/admin/books/entries/${value}`,
        ])
          await sendHostile(t, { method: 'GET', url, headers: bearer(token) });
      }),
      { numRuns: RUNS },
    );
  });
});
