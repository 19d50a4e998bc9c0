import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleVolunteerCodeRequests } from '../../src/modules/events/volunteer-login';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { insertVolunteer } from './fixtures';

// The volunteers' code request answers in the same time for any number (docs/product/events.md). Real
// HTTP requests, volunteers' and unknown numbers interleaved, compared with a Mann-Whitney U test: on a loaded
// machine noise slows both kinds alike, while a difference of work in one branch shifts one distribution.

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t?.close());

/** Two-sided Mann-Whitney U test, normal approximation with tie correction: the z score. */
function mannWhitneyZ(a: number[], b: number[]): number {
  const all = [...a.map((v) => ({ v, g: 0 })), ...b.map((v) => ({ v, g: 1 }))].sort((x, y) => x.v - y.v);
  const ranks = new Array<number>(all.length);
  let tieTerm = 0;
  for (let i = 0; i < all.length; ) {
    let j = i;
    while (j + 1 < all.length && all[j + 1]!.v === all[i]!.v) j += 1;
    for (let k = i; k <= j; k += 1) ranks[k] = (i + j) / 2 + 1;
    const n = j - i + 1;
    tieTerm += n ** 3 - n;
    i = j + 1;
  }
  const n1 = a.length;
  const n2 = b.length;
  const r1 = all.reduce((sum, x, i) => (x.g === 0 ? sum + ranks[i]! : sum), 0);
  const u = r1 - (n1 * (n1 + 1)) / 2;
  const n = n1 + n2;
  const sigma = Math.sqrt(((n1 * n2) / 12) * (n + 1 - tieTerm / (n * (n - 1))));
  return (u - (n1 * n2) / 2) / sigma;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

async function timedRequest(telephone: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${base}/api/volunteers/login/code/request`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ telephone }),
  });
  await res.text();
  const elapsed = performance.now() - started;
  expect(res.status).toBe(202);
  // Each request is timed on a quiet server: the previous one's work is over.
  await settleVolunteerCodeRequests();
  return elapsed;
}

describe('the volunteers’ code request', () => {
  it('answers a volunteer’s number and an unknown number in the same time (Mann-Whitney, 60 + 60 real requests)', async () => {
    const N = 60;
    const prefix = `01917${String(process.pid % 100).padStart(2, '0')}`;
    for (let i = 0; i < N; i += 1) await insertVolunteer(t, `+229${prefix}${String(i).padStart(3, '0')}`, 'Sènami Dossou');
    // Warm-up: the first requests pay for loading code and the hashing pool.
    for (let i = 0; i < 5; i += 1) await timedRequest(`${prefix}9${String(i).padStart(2, '0')}`);
    const volunteer: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < N; i += 1) {
      // Interleaved, in an order that changes, so a slow spell of the machine falls on both kinds.
      const pair = [
        () => timedRequest(`${prefix}${String(i).padStart(3, '0')}`).then((ms) => volunteer.push(ms)),
        () => timedRequest(`${prefix}5${String(i).padStart(2, '0')}`).then((ms) => unknown.push(ms)),
      ];
      if (i % 2 === 1) pair.reverse();
      for (const run of pair) await run();
    }
    // The volunteers' codes were really issued (the work happened, after the answers).
    const sent = await t.db.selectFrom('outbox_messages').select('id').where('to_address', 'like', `+229${prefix}0%`).execute();
    expect(sent.length).toBe(N);
    const z = mannWhitneyZ(volunteer, unknown);
    const detail = `z=${z.toFixed(2)} median volunteer ${median(volunteer).toFixed(2)} ms, unknown ${median(unknown).toFixed(2)} ms`;
    expect(Math.abs(z), detail).toBeLessThan(3.3);
    expect(Math.abs(median(volunteer) - median(unknown)), detail).toBeLessThan(Math.max(2, 0.5 * median(unknown)));
  });
});
