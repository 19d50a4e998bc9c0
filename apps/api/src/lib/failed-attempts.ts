// Counts failed attempts per key in a fixed window (in memory, like @fastify/rate-limit's default store).
// Login uses it instead of a plain request limit so that successful log-ins never use up an address's
// allowance: many people share one address behind mobile carriers' NAT, and a client that logs in often
// must not lock itself out. Once a key is blocked, every attempt for it is refused until the window ends,
// so a correct password cannot be told apart from a wrong one while blocked.
export class FailedAttempts {
  private readonly entries = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly maxKeys = 100_000,
  ) {}

  /** Seconds until the key may try again, or 0 when it is not blocked. */
  retryAfter(key: string, now = Date.now()): number {
    const entry = this.entries.get(key);
    if (!entry || entry.resetAt <= now) return 0;
    return entry.count >= this.max ? Math.ceil((entry.resetAt - now) / 1000) : 0;
  }

  fail(key: string, now = Date.now()): void {
    const entry = this.entries.get(key);
    if (entry && entry.resetAt > now) {
      entry.count += 1;
      return;
    }
    this.entries.delete(key);
    if (this.entries.size >= this.maxKeys) this.prune(now);
    this.entries.set(key, { count: 1, resetAt: now + this.windowMs });
  }

  private prune(now: number): void {
    for (const [key, entry] of this.entries) if (entry.resetAt <= now) this.entries.delete(key);
    // Still full (a flood of distinct keys): forget the oldest windows first.
    for (const key of this.entries.keys()) {
      if (this.entries.size < this.maxKeys) break;
      this.entries.delete(key);
    }
  }
}
