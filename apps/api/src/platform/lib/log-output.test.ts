import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { batchedLogOutput } from './log-output';

// The log lines of one turn of the event loop go out in one write, in order; nothing logged is lost on exit.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'log-output-'));
afterEach(() => vi.restoreAllMocks());

function fileOutput(options?: { maxBytes?: number }) {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.log`);
  const fd = fs.openSync(file, 'w');
  const writes = vi.spyOn(fs, 'writeSync');
  const output = batchedLogOutput(fd, options);
  return { output, read: () => fs.readFileSync(file, 'utf8'), writes: () => writes.mock.calls.filter((c) => c[0] === fd).length };
}

describe('batchedLogOutput', () => {
  it('writes the lines of one turn together, in order, once the turn is over', async () => {
    const { output, read, writes } = fileOutput();
    output.write('{"n":1}\n');
    output.write('{"n":2}\n');
    output.write('{"n":3}\n');
    expect(read()).toBe('');
    await new Promise((resolve) => setImmediate(resolve));
    expect(read()).toBe('{"n":1}\n{"n":2}\n{"n":3}\n');
    expect(writes()).toBe(1);
    output.write('{"n":4}\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(read()).toBe('{"n":1}\n{"n":2}\n{"n":3}\n{"n":4}\n');
  });

  it('does not hold more than maxBytes', () => {
    const { output, read } = fileOutput({ maxBytes: 20 });
    output.write('0123456789\n');
    expect(read()).toBe('');
    output.write('abcdefghij\n');
    expect(read()).toBe('0123456789\nabcdefghij\n');
  });

  it('completes a partial write, byte for byte, accents included', async () => {
    const { output, read } = fileOutput();
    const real = fs.writeSync;
    // The first system call takes only 5 bytes of the string, mid-character (« é » is two bytes).
    vi.spyOn(fs, 'writeSync').mockImplementationOnce(((fd: number, data: string) => real(fd, Buffer.from(data).subarray(0, 5))) as never);
    output.write('{"n":"é"}\n');
    output.write('{"n":"à"}\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(read()).toBe('{"n":"é"}\n{"n":"à"}\n');
  });

  it('writes what is pending when the process exits, process.exit() included', () => {
    const module = path.join(import.meta.dirname, 'log-output.ts');
    const code = `const { batchedLogOutput } = await import(${JSON.stringify(module)});
      const out = batchedLogOutput(1);
      for (let i = 0; i < 1000; i++) out.write('{"line":' + i + '}\\n');
      process.exit(0);`;
    const stdout = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { encoding: 'utf8' });
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(1000);
    expect(lines[999]).toBe('{"line":999}');
  });

  it('writes what is pending when the process dies of an uncaught exception', () => {
    const module = path.join(import.meta.dirname, 'log-output.ts');
    const code = `const { batchedLogOutput } = await import(${JSON.stringify(module)});
      const out = batchedLogOutput(1);
      out.write('{"before":"crash"}\\n');
      throw new Error('boom');`;
    let stdout = '';
    try {
      execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      stdout = (error as { stdout: string }).stdout;
    }
    expect(stdout).toBe('{"before":"crash"}\n');
  });
});
