import type { FastifyBaseLogger } from 'fastify';

// The background passes (membership reminders, pledge dues, event jobs, pending payments re-check, retention) run in
// every process on a timer: a pass never overlaps the previous one, a failure is logged and the next pass tries
// again, and the timers never keep the process alive. Sending once across processes is each pass's own business
// (outbox dedupe keys, claimed rows).

export interface PeriodicPass {
  start(): void;
  stop(): void;
}

export function periodicPass(
  name: string,
  pass: () => Promise<unknown>,
  log: FastifyBaseLogger,
  timing: { intervalMs: number; firstDelayMs?: number },
): PeriodicPass {
  const timers: NodeJS.Timeout[] = [];
  let running = false;
  let closed = false;
  const run = () => {
    if (running || closed) return;
    running = true;
    pass()
      .catch((error) => log.warn({ err: error }, `${name} pass failed`))
      .finally(() => {
        running = false;
      });
  };
  return {
    start() {
      // A server restarted more often than the interval still runs its first pass.
      if (timing.firstDelayMs !== undefined) timers.push(setTimeout(run, timing.firstDelayMs));
      timers.push(setInterval(run, timing.intervalMs));
      for (const timer of timers) timer.unref();
    },
    stop() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
    },
  };
}
