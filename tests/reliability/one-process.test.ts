import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BENCH_ADMIN, freePort, ROOT } from '../../scripts/bench/lib/product.mjs';
// @ts-expect-error plain ESM helper without types
import { SERVER_NODE_FLAGS } from '../../scripts/lib/node-flags.mjs';
import { FAST_ENV, reliabilityBuild, removeDir, scratchDataDir } from './helpers';

// Issue #20 item 3: the start command (README) leaves exactly one Node process, and SIGTERM still stops it cleanly.
// The command runs in a process group of its own (detached), so `ps -g` lists everything it left running.

/** Every process of a group: pid and command line. */
function processGroup(pgid: number): Array<{ pid: number; command: string }> {
  let out = '';
  try {
    out = execFileSync('ps', ['-o', 'pid=,args=', '-g', String(pgid)], { encoding: 'utf8' });
  } catch {
    return []; // ps exits 1 when the group is empty
  }
  return out
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [pid, ...command] = line.split(/\s+/);
      return { pid: Number(pid), command: command.join(' ') };
    });
}

describe('the start command', () => {
  let dataDir: string | undefined;
  let stop: (() => void) | undefined;
  afterAll(() => {
    stop?.();
    removeDir(dataDir);
  });

  it('leaves one Node process, which answers and exits 0 on SIGTERM', async () => {
    const buildDir = reliabilityBuild();
    dataDir = scratchDataDir('one-process');
    const port = await freePort();
    const child = spawn(process.execPath, [SERVER_NODE_FLAGS[0], path.join(ROOT, 'scripts/start.mjs'), '--dist', buildDir], {
      cwd: ROOT,
      detached: true,
      stdio: 'ignore',
      env: {
        ...process.env,
        ...FAST_ENV,
        NODE_ENV: 'production',
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        ADMIN_TELEPHONE: BENCH_ADMIN.telephone,
        ADMIN_PASSWORD: BENCH_ADMIN.password,
        PAYMENT_PROVIDER: 'sandbox',
      },
    });
    const pgid = child.pid!;
    stop = () => {
      try {
        process.kill(-pgid, 'SIGKILL');
      } catch {}
    };
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    let healthy = false;
    for (let i = 0; i < 300 && !healthy; i++) {
      healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (!healthy) await new Promise((r) => setTimeout(r, 100));
    }
    expect(healthy).toBe(true);

    const group = processGroup(pgid);
    console.info(`one-process: the start command's process group holds ${group.map((p) => `${p.pid} ${p.command}`).join(' | ')}`);
    expect(group).toHaveLength(1);
    expect(group[0]!.pid).toBe(pgid);
    expect(group[0]!.command).toContain('scripts/start.mjs');

    child.kill('SIGTERM');
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(processGroup(pgid)).toEqual([]);
  });
});
