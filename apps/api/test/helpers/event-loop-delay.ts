import fs from 'node:fs';

// How late this process's event loop runs a timer, and how much of that lateness is its own doing. On a shared
// machine (2 cores, a dozen other jobs) a runnable thread also waits its turn on the CPU: Linux counts that wait per
// thread (/proc/self/task/<id>/schedstat, second field, ns), and it is taken out of each delay so the figure is the
// time our own code (queries, encoding, garbage collection, blocking calls) held the loop. Without that file (not
// Linux) the raw delay is used.

const SCHEDSTAT = `/proc/self/task/${process.pid}/schedstat`;

function runQueueWaitMs(): number | null {
  try {
    return Number(fs.readFileSync(SCHEDSTAT, 'utf8').split(' ')[1]) / 1e6;
  } catch {
    return null;
  }
}

export interface LoopDelay {
  /** Stops sampling; percentiles in ms of the raw delay and of the delay less the run-queue wait. */
  stop(): { samples: number; raw: { p50: number; p99: number; max: number }; own: { p50: number; p99: number; max: number } };
}

const percentiles = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => Number((sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0).toFixed(1));
  return { p50: at(50), p99: at(99), max: Number((sorted.at(-1) ?? 0).toFixed(1)) };
};

/** Samples every `intervalMs` (a timer re-armed at each tick) until stopped. */
export function sampleLoopDelay(intervalMs = 10): LoopDelay {
  const raw: number[] = [];
  const own: number[] = [];
  let expected = performance.now() + intervalMs;
  let waited = runQueueWaitMs();
  let timer: NodeJS.Timeout;
  const tick = () => {
    const now = performance.now();
    const late = Math.max(0, now - expected);
    const wait = runQueueWaitMs();
    raw.push(late);
    own.push(wait === null || waited === null ? late : Math.max(0, late - (wait - waited)));
    waited = wait;
    expected = performance.now() + intervalMs;
    timer = setTimeout(tick, intervalMs);
  };
  timer = setTimeout(tick, intervalMs);
  return {
    stop() {
      clearTimeout(timer);
      return { samples: raw.length, raw: percentiles(raw), own: percentiles(own) };
    },
  };
}
