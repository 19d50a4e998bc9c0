import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { periodicPass } from './periodic-pass';

const logger = () => ({ warn: vi.fn() }) as unknown as FastifyBaseLogger & { warn: ReturnType<typeof vi.fn> };

describe('periodicPass', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs a first pass after the delay, then on every interval, never two at once, and stops', async () => {
    let release: () => void = () => {};
    let runs = 0;
    const job = periodicPass(
      'test',
      () => {
        runs += 1;
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      },
      logger(),
      { intervalMs: 1000, firstDelayMs: 100 },
    );
    job.start();
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toBe(1);
    // The first pass is still running: the interval's passes are skipped.
    await vi.advanceTimersByTimeAsync(2000);
    expect(runs).toBe(1);
    release();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    release();
    job.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(2);
  });

  it('logs a failed pass and tries again at the next interval', async () => {
    const log = logger();
    let runs = 0;
    const job = periodicPass(
      'retention',
      async () => {
        runs += 1;
        if (runs === 1) throw new Error('database gone');
      },
      log,
      { intervalMs: 1000 },
    );
    job.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), 'retention pass failed');
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    job.stop();
  });
});
