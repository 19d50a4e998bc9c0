import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toE164 } from '../../src/platform/lib/phone';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { type SeededUser, seedUser } from '../helpers/users';
import { lastCode } from '../messages/helpers';

// Issue 25 row 4: POST /api/password/reset does the same work whether the telephone has a live code, has none, or
// names no account. Measured, not slept: samples of the three branches alternate, and each pair of branches is
// compared with the Mann-Whitney statistic (the chance that one branch's answer is slower than the other's). A
// branch that skips the hash answers faster nearly every time (≈ 1); equal work stays near 0.5.

let t: TestApp;
let withCode: SeededUser;
let withoutCode: SeededUser;
beforeAll(async () => {
  // A hashing cost high enough that the hash, not the machine's noise, is the work being compared (8 MiB).
  t = await createTestApp({ passwordCost: 2 ** 13 });
  withCode = await seedUser(t, 'membre');
  withoutCode = await seedUser(t, 'membre');
});
afterAll(async () => t.close());

/** P(a > b) + ½ P(a = b) over every pair: the Mann-Whitney U divided by n·m. */
function probabilitySlower(a: number[], b: number[]): number {
  let u = 0;
  for (const x of a) for (const y of b) u += x > y ? 1 : x === y ? 0.5 : 0;
  return u / (a.length * b.length);
}
const median = (xs: number[]) => [...xs].sort((p, q) => p - q)[Math.floor(xs.length / 2)]!;

describe('POST /api/password/reset timing', () => {
  it('takes the same time for a live code, no code and no account', async () => {
    await t.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { telephone: withCode.telephone } });
    const code = await lastCode(t.db, toE164(withCode.telephone)!);
    const wrong = code === '000000' ? '111111' : '000000';
    const branches = { live: withCode.telephone, none: withoutCode.telephone, unknown: '+2290199887766' } as const;
    const samples: Record<keyof typeof branches, number[]> = { live: [], none: [], unknown: [] };
    const once = async (telephone: string) => {
      const started = process.hrtime.bigint();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/password/reset',
        payload: { telephone, code: wrong, password: 'Nouveau-secret-9' },
      });
      const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
      expect(res.statusCode).toBe(422);
      return elapsed;
    };
    // Warm-up (hash of the throw-away code, compiled queries), not measured.
    for (const telephone of Object.values(branches)) await once(telephone);
    const keys = Object.keys(branches) as (keyof typeof branches)[];
    for (let round = 0; round < 40; round += 1) {
      // The live code stays live: its wrong tries are reset between samples (outside the measured time).
      await t.db.updateTable('one_time_codes').set({ attempts: 0 }).where('user_id', '=', withCode.id).execute();
      // Rotate the order each round so that no branch always follows another.
      for (let i = 0; i < keys.length; i += 1) {
        const key = keys[(round + i) % keys.length]!;
        samples[key].push(await once(branches[key]));
      }
    }
    const report = Object.fromEntries(keys.map((k) => [k, Number(median(samples[k]).toFixed(2))]));
    if (process.env.SHOW_TIMING) console.info('reset medians (ms)', report);
    for (const [a, b] of [
      ['live', 'none'],
      ['live', 'unknown'],
      ['none', 'unknown'],
    ] as const) {
      const p = probabilitySlower(samples[a], samples[b]);
      if (process.env.SHOW_TIMING) console.info(`P(${a} slower than ${b}) = ${p.toFixed(2)}`);
      expect(p, `P(${a} slower than ${b}) with medians ${JSON.stringify(report)} ms`).toBeGreaterThan(0.2);
      expect(p, `P(${a} slower than ${b}) with medians ${JSON.stringify(report)} ms`).toBeLessThan(0.8);
    }
  });
});
