import { describe, expect, it } from 'vitest';
import { BoundedQueue } from './bounded-queue';
import { HttpError } from './http-errors';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

describe('BoundedQueue', () => {
  it('runs at most `concurrency` tasks, lets `maxWaiting` wait and refuses the next with 503 + Retry-After', async () => {
    const queue = new BoundedQueue({ concurrency: 2, maxWaiting: 1 });
    const gates = [deferred(), deferred(), deferred()];
    let started = 0;
    const tasks = gates.map((gate) =>
      queue.run(async () => {
        started += 1;
        await gate.promise;
        return 'ok';
      }),
    );
    await Promise.resolve();
    expect(started).toBe(2);
    expect(queue.queued).toBe(1);
    const refused = await queue.run(async () => 'never').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).statusCode).toBe(503);
    expect((refused as HttpError).headers?.['retry-after']).toMatch(/^\d+$/);
    expect((refused as HttpError).message).toMatch(/réessayer/);
    gates[0]!.resolve();
    await tasks[0];
    await new Promise((r) => setImmediate(r));
    expect(started).toBe(3);
    gates[1]!.resolve();
    gates[2]!.resolve();
    expect(await Promise.all(tasks)).toEqual(['ok', 'ok', 'ok']);
    expect(queue.active).toBe(0);
  });

  it('frees the slot when a task fails', async () => {
    const queue = new BoundedQueue({ concurrency: 1, maxWaiting: 0 });
    await expect(queue.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await queue.run(async () => 1)).toBe(1);
  });
});
