import type { ChildProcess } from 'node:child_process';

export const ROOT: string;
export const BENCH_ADMIN: { telephone: string; password: string; name: string; email: string };
export function ensureBuild(outDir?: string): string;
export function freePort(): Promise<number>;
export interface RunningProduct {
  url: string;
  port: number;
  child: ChildProcess;
  logs: string[];
  startMs: number;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}
export function startProduct(options?: {
  buildDir?: string;
  dataDir?: string;
  env?: Record<string, string>;
  port?: number;
  timeoutMs?: number;
  healthy?: boolean;
}): Promise<RunningProduct>;
