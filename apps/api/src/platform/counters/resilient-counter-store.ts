import type { FastifyBaseLogger } from 'fastify';
import type { Count, CounterStore } from './counter-store';

/**
 * The Redis counters, with this process's memory counters taking over while Redis does not answer.
 *
 * Why: during a Redis outage, refusing every login and form would lock everyone out, and skipping the limits
 * would let a guessing attack through unbounded. Falling back to per-process limits keeps every limit in force
 * (at worst N processes allow N times the limit), logs an error once per outage, and GET /api/ready answers 503
 * (failing: ["redis"]) so that the operator and the load balancer see it.
 */
export class ResilientCounterStore implements CounterStore {
  readonly kind = 'redis' as const;
  private failing = false;
  /** While failing, Redis is tried again only from then on: a Redis that hangs costs one timeout, not one per call. */
  private retryAt = 0;

  constructor(
    private readonly primary: CounterStore,
    private readonly fallback: CounterStore,
    private readonly log: FastifyBaseLogger,
    private readonly retryAfterMs = 2000,
  ) {}

  /** Redis is reachable again (the client reconnected): use it from the next call on. */
  recovered(): void {
    this.retryAt = 0;
  }

  /** True while the last Redis call failed (this process is counting alone). */
  get isDegraded(): boolean {
    return this.failing;
  }

  private async run<T>(call: (store: CounterStore) => Promise<T>): Promise<T> {
    if (this.failing && Date.now() < this.retryAt) return call(this.fallback);
    try {
      const result = await call(this.primary);
      if (this.failing) {
        this.failing = false;
        this.log.info('Redis answers again: counters shared across processes again');
      }
      return result;
    } catch (error) {
      this.retryAt = Date.now() + this.retryAfterMs;
      if (!this.failing) {
        this.failing = true;
        this.log.error({ err: error }, 'Redis unavailable: rate limits and login lockouts counted per process until it answers again');
      }
      return call(this.fallback);
    }
  }

  increment(key: string, ttlMs: number): Promise<Count> {
    return this.run((s) => s.increment(key, ttlMs));
  }

  decrement(key: string): Promise<void> {
    return this.run((s) => s.decrement(key));
  }

  read(key: string): Promise<Count> {
    return this.run((s) => s.read(key));
  }

  expireIn(key: string, ttlMs: number): Promise<void> {
    return this.run((s) => s.expireIn(key, ttlMs));
  }
}
