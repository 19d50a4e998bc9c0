import { busy } from './http-errors';

export interface QueueLimits {
  /** Tasks running at once. */
  concurrency: number;
  /** Tasks allowed to wait for a slot; one more is refused at once (503 + Retry-After). */
  maxWaiting: number;
}

/**
 * A bounded work queue: at most `concurrency` tasks run, at most `maxWaiting` wait, and anything beyond is
 * refused immediately rather than queued without end — so a burst of expensive work (password hashing,
 * uploads) cannot make everyone else wait for seconds or grow memory without bound.
 */
export class BoundedQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private limits: QueueLimits,
    /** The error thrown when full: by default 503 with Retry-After and the French "busy" message. */
    private readonly refusal: () => Error = () => busy(),
  ) {}

  configure(limits: QueueLimits): void {
    this.limits = limits;
  }

  get active(): number {
    return this.running;
  }

  get queued(): number {
    return this.waiting.length;
  }

  /** Runs `task` when a slot is free; throws a 503 HttpError at once when the waiting list is full. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limits.concurrency) {
      if (this.waiting.length >= this.limits.maxWaiting) throw this.refusal();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter, so `running` stays counted.
      if (next) next();
      else this.running -= 1;
    }
  }
}
