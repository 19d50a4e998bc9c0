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
    writeAll(fd, text);
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

/**
 * Writes every byte: retries a full non-blocking pipe (EAGAIN) and partial writes; output that is gone (EPIPE…) drops
 * the lines. The text goes to the system call as a string (Node encodes it there): copying it into a Buffer first cost
 * ~0.2 µs per access line (issue #43); only a partial write, which needs byte offsets, falls back to a Buffer.
 */
function writeAll(fd: number, text: string): void {
  let written = 0;
  for (;;) {
    try {
      written = fs.writeSync(fd, text);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') return;
      Atomics.wait(pause, 0, 0, 1);
    }
  }
  if (written >= text.length && written === Buffer.byteLength(text)) return;
  const bytes = Buffer.from(text);
  let offset = written;
  while (offset < bytes.length) {
    try {
      offset += fs.writeSync(fd, bytes, offset);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') return;
      Atomics.wait(pause, 0, 0, 1);
    }
  }
}
