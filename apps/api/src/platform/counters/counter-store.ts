/**
 * Counters with a time window, shared by the login limits (and readable by tests). Two implementations:
 * per-process memory (the default) and Redis (REDIS_URL), so that several processes behind one load balancer
 * count the same attempts. Each operation is atomic on its own key; callers build their rules from
 * "increment, then look at the count" so that concurrent requests can never all see a count below a limit.
 */
export interface Count {
  count: number;
  /** Milliseconds until the window ends (0 when the counter does not exist). */
  ttlMs: number;
}

export interface CounterStore {
  readonly kind: 'memory' | 'redis';
  /** Adds one; a counter that did not exist starts a window of ttlMs. Returns the new count and the time left. */
  increment(key: string, ttlMs: number): Promise<Count>;
  /** Takes one off (never below zero) and keeps the window. */
  decrement(key: string): Promise<void>;
  read(key: string): Promise<Count>;
  /** Makes an existing counter's window end ttlMs from now (a longer lockout). */
  expireIn(key: string, ttlMs: number): Promise<void>;
}

/** One process's counters, bounded in size: a flood of distinct keys forgets the oldest windows first. */
export class MemoryCounterStore implements CounterStore {
  readonly kind = 'memory' as const;
  private readonly entries = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly maxKeys = 100_000,
    private readonly now: () => number = Date.now,
  ) {}

  private live(key: string): { count: number; resetAt: number } | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.resetAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  async increment(key: string, ttlMs: number): Promise<Count> {
    const now = this.now();
    let entry = this.live(key);
    if (!entry) {
      if (this.entries.size >= this.maxKeys) this.prune(now);
      entry = { count: 0, resetAt: now + ttlMs };
      this.entries.set(key, entry);
    }
    entry.count += 1;
    return { count: entry.count, ttlMs: entry.resetAt - now };
  }

  async decrement(key: string): Promise<void> {
    const entry = this.live(key);
    if (entry && entry.count > 0) entry.count -= 1;
  }

  async read(key: string): Promise<Count> {
    const entry = this.live(key);
    return entry ? { count: entry.count, ttlMs: entry.resetAt - this.now() } : { count: 0, ttlMs: 0 };
  }

  async expireIn(key: string, ttlMs: number): Promise<void> {
    const entry = this.live(key);
    if (entry) entry.resetAt = this.now() + ttlMs;
  }

  private prune(now: number): void {
    for (const [key, entry] of this.entries) if (entry.resetAt <= now) this.entries.delete(key);
    for (const key of this.entries.keys()) {
      if (this.entries.size < this.maxKeys) break;
      this.entries.delete(key);
    }
  }
}
