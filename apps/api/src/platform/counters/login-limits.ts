import type { CounterStore } from './counter-store';

export interface LoginLimitSettings {
  /** Wrong passwords allowed per (telephone, address) in a window. */
  perPair: number;
  /** Wrong passwords from one address (any telephones) in a window before the address counts as attacking. */
  perAddress: number;
  windowMs: number;
  /** Longest lockout of one (telephone, address); each new lockout within a day doubles the last one. */
  maxLockMs: number;
  /** Password checks running at once for one telephone, and from one address. */
  concurrentPerTelephone: number;
  concurrentPerAddress: number;
}

export const LOGIN_LIMIT_DEFAULTS = {
  windowMs: 60_000,
  maxLockMs: 60 * 60_000,
  concurrentPerTelephone: 2,
  concurrentPerAddress: 16,
  /** The address ceiling is this many times the per-pair limit unless configured. */
  addressFactor: 30,
} as const;

const STRIKE_MEMORY_MS = 24 * 3600_000;
// A process killed during a check never releases its slot: the slot counter ends with its window anyway.
const BUSY_WINDOW_MS = 60_000;

export type LoginGate =
  | { allowed: true; succeed(): Promise<void>; fail(): Promise<void>; release(): Promise<void> }
  | { allowed: false; retryAfterSeconds: number };

/**
 * Login attempts, counted when they arrive (issue 15, findings 1 and 3):
 * - a (telephone, address) pair gets `perPair` wrong passwords per window, then a lockout that doubles with each
 *   new lockout of the pair within a day (1 min, 2, 4 … up to `maxLockMs`). The attempt is counted before the
 *   password is checked and given back when it was right, so a burst of parallel requests cannot all be checked;
 * - the lockout is keyed on the pair: a stranger guessing an account's password locks out only their own address,
 *   never the account's owner elsewhere;
 * - an address is shared by thousands of mobile subscribers behind carrier NAT, so it has a much higher ceiling
 *   (`perAddress`); past it, each telephone it already got wrong is locked for it, while an account with no wrong
 *   attempt from that address is still checked: a correct password for an account that is not itself being
 *   attacked from that address is never refused;
 * - at most `concurrentPerTelephone` / `concurrentPerAddress` checks run at once; the excess gets 429 at once.
 */
export class LoginLimits {
  constructor(
    private readonly store: CounterStore,
    private readonly settings: LoginLimitSettings,
  ) {}

  async begin(telephone: string, address: string): Promise<LoginGate> {
    const { store, settings } = this;
    const pair = `login:pair:${telephone}|${address}`;
    const addressFailures = `login:address:${address}`;
    const isAttackingAddress = (await store.read(addressFailures)).count >= settings.perAddress;
    const allowed = isAttackingAddress ? 1 : settings.perPair;

    const attempt = await store.increment(pair, settings.windowMs);
    if (attempt.count > allowed) {
      let lockMs = attempt.ttlMs;
      if (attempt.count === allowed + 1) {
        // Exactly one request crosses the limit in a window: it sets the lockout's length.
        const strikes = await store.increment(`login:strikes:${telephone}|${address}`, STRIKE_MEMORY_MS);
        lockMs = Math.min(settings.maxLockMs, settings.windowMs * 2 ** Math.min(strikes.count - 1, 20));
        await store.expireIn(pair, lockMs);
      }
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(lockMs / 1000)) };
    }

    const busyTelephone = `login:busy:tel:${telephone}`;
    const busyAddress = `login:busy:ip:${address}`;
    if ((await store.increment(busyTelephone, BUSY_WINDOW_MS)).count > settings.concurrentPerTelephone) {
      await Promise.all([store.decrement(busyTelephone), store.decrement(pair)]);
      return { allowed: false, retryAfterSeconds: 1 };
    }
    if ((await store.increment(busyAddress, BUSY_WINDOW_MS)).count > settings.concurrentPerAddress) {
      await Promise.all([store.decrement(busyAddress), store.decrement(busyTelephone), store.decrement(pair)]);
      return { allowed: false, retryAfterSeconds: 1 };
    }

    let settled = false;
    const settle = async (outcome: 'success' | 'failure' | 'release') => {
      if (settled) return;
      settled = true;
      await Promise.all([
        store.decrement(busyTelephone),
        store.decrement(busyAddress),
        // A right password (or a check that never happened: database down) gives its attempt back.
        outcome === 'failure' ? store.increment(addressFailures, settings.windowMs) : store.decrement(pair),
      ]);
    };
    return {
      allowed: true,
      succeed: () => settle('success'),
      fail: () => settle('failure'),
      release: () => settle('release'),
    };
  }
}
