import { describe, expect, it } from 'vitest';
import { MemoryCounterStore } from './counter-store';
import { type LoginGate, LoginLimits, type LoginLimitSettings } from './login-limits';

const SETTINGS: LoginLimitSettings = {
  perPair: 3,
  perAddress: 100,
  windowMs: 60_000,
  maxLockMs: 5 * 60_000,
  concurrentPerTelephone: 2,
  concurrentPerAddress: 3,
};

function setup(settings = SETTINGS) {
  let now = 1_000_000;
  const store = new MemoryCounterStore(1000, () => now);
  return { limits: new LoginLimits(store, settings), advance: (ms: number) => (now += ms) };
}
const open = (gate: LoginGate) => {
  if (!gate.allowed) throw new Error(`refused for ${gate.retryAfterSeconds} s`);
  return gate;
};

describe('LoginLimits', () => {
  it('locks a pair for longer at each new lockout within a day: 1, 2, 4 … minutes, up to the ceiling', async () => {
    const { limits, advance } = setup();
    const waits: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      for (let i = 0; i < SETTINGS.perPair; i += 1) await open(await limits.begin('+22997000001', '10.0.0.1')).fail();
      const refused = await limits.begin('+22997000001', '10.0.0.1');
      expect(refused.allowed).toBe(false);
      if (!refused.allowed) waits.push(refused.retryAfterSeconds);
      // Still refused just before the lockout ends, let in after it.
      if (!refused.allowed) advance(refused.retryAfterSeconds * 1000 - 1000);
      expect((await limits.begin('+22997000001', '10.0.0.1')).allowed).toBe(false);
      advance(1001);
    }
    expect(waits).toEqual([60, 120, 240, 300, 300]);
  });

  it('gives the attempt back on success and on a check that never happened', async () => {
    const { limits } = setup();
    for (let i = 0; i < 10; i += 1) await open(await limits.begin('+22997000002', '10.0.0.2')).succeed();
    for (let i = 0; i < 10; i += 1) await open(await limits.begin('+22997000002', '10.0.0.2')).release();
    expect((await limits.begin('+22997000002', '10.0.0.2')).allowed).toBe(true);
  });

  it('bounds the checks running at once per telephone and per address; a finished check frees its slot', async () => {
    const { limits } = setup({ ...SETTINGS, perPair: 100 });
    const a = open(await limits.begin('+22997000003', '10.0.0.3'));
    open(await limits.begin('+22997000003', '10.0.0.4'));
    const third = await limits.begin('+22997000003', '10.0.0.5');
    expect(third).toEqual({ allowed: false, retryAfterSeconds: 1 });
    await a.fail();
    expect((await limits.begin('+22997000003', '10.0.0.5')).allowed).toBe(true);

    for (const tel of ['+22997000010', '+22997000011', '+22997000012']) open(await limits.begin(tel, '10.0.0.9'));
    expect((await limits.begin('+22997000013', '10.0.0.9')).allowed).toBe(false);
  });

  it('settles a gate once, whatever calls it twice', async () => {
    const { limits } = setup({ ...SETTINGS, concurrentPerTelephone: 1 });
    const gate = open(await limits.begin('+22997000004', '10.0.0.6'));
    await gate.fail();
    await gate.fail();
    await gate.succeed();
    // The second telephone slot was released once only, so one check may run, not two.
    open(await limits.begin('+22997000004', '10.0.0.6'));
    expect((await limits.begin('+22997000004', '10.0.0.7')).allowed).toBe(false);
  });
});
