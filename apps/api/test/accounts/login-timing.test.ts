import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { seedUser } from '../helpers/users';

// A real scrypt cost, so the difference between "one hash" and "no hash" would show.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ passwordCost: 2 ** 14 });
});
afterAll(async () => t.close());

describe('login timing', () => {
  it('takes about as long for an unknown telephone as for a wrong password', async () => {
    const u = await seedUser(t, 'membre');
    const time = async (telephone: string) => {
      const start = performance.now();
      const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { telephone, password: 'mauvais' } });
      expect(res.statusCode).toBe(422);
      return performance.now() - start;
    };
    await time('+22900008888'); // warm-up: the dummy hash is computed once per cost
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      known.push(await time(u.telephone));
      unknown.push(await time(`+2290000777${i}`));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
    expect(median(known)).toBeGreaterThan(median(unknown) * 0.5);
  });
});
