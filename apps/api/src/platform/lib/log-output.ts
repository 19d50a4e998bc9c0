import fs from 'node:fs';

/**
 * Standard output for the logs, written once per turn of the event loop instead of once per line. Pino's default
 * destination makes one write system call per line; with one access line per request, that call (to the pipe of
 * a container's log collector) was ~10 % of the CPU of a cached public read, and woke the reader once per line.
 * Lines logged during one turn are joined and written together, in order, at the end of the turn (setImmediate), or
 * at once when they pass `maxBytes`; whatever is pending is written synchronously when the process exits (normal exit,
 * process.exit, uncaught exception). A hard kill (SIGKILL, out of memory) can lose the lines of the current turn.
 * docs/decisions/log-output.md.
 */
export function batchedLogOutput(fd = 1, { maxBytes = 64 * 1024 }: { maxBytes?: number } = {}) {
  let pending: string[] = [];
  let pendingBytes = 0;
  let scheduled = false;

  function flush(): void {
    scheduled = false;
    if (pending.length === 0) return;
    const text = pending.length === 1 ? pending[0]! : pending.join('');
    pending = [];
    pendingBytes = 0;
    writeAll(fd, Buffer.from(text));
  }

  process.on('exit', flush);
  return {
    /** pino calls this with one complete line (newline included). */
    write(line: string): boolean {
      pending.push(line);
      pendingBytes += line.length;
      if (pendingBytes >= maxBytes) flush();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
      return true;
    },
    /** Writes what is pending now (the app's onClose); the exit handler stays, for lines logged after it. */
    flush,
  };
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/** Writes every byte: retries a full non-blocking pipe (EAGAIN) and partial writes; output that is gone (EPIPE…) drops the lines. */
function writeAll(fd: number, buffer: Buffer): void {
  let offset = 0;
  while (offset < buffer.length) {
    try {
      offset += fs.writeSync(fd, buffer, offset);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') return;
      Atomics.wait(pause, 0, 0, 1);
    }
  }
}
