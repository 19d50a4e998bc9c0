import type { ChildProcess } from 'node:child_process';

/**
 * Stops a server the tests started: SIGTERM, then SIGKILL if it has not exited within `killAfterMs`. A process that
 * already stopped is left alone: it never sends 'exit' again, and waiting for it would never end.
 */
export async function stopProcess(child: ChildProcess, killAfterMs = 20_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  await exited;
  clearTimeout(killer);
}
