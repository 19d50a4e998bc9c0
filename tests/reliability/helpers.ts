import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ROOT, startProduct } from '../../scripts/bench/lib/product.mjs';
// @ts-expect-error plain ESM helper without types
import { newestSourceMtime } from '../../scripts/lib/build-state.mjs';

export { startProduct };

export const DURATION_S = Number(process.env.RELIABILITY_DURATION ?? 60);
export const FAST_ENV = { RATE_LIMIT_FORMS: '1000000000', RATE_LIMIT_LOGIN: '1000000000', LOG_LEVEL: 'error' };

/**
 * A private build of the product for this suite (never dist/, which a developer's `npm start` may be using),
 * rebuilt only when the sources are newer than it. The files of the suite run one after another.
 */
export function reliabilityBuild(): string {
  const out = path.join(ROOT, '.tmp/reliability-dist');
  const stamp = path.join(out, '.stamp');
  const sources = newestSourceMtime();
  const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
  if (built < sources || !fs.existsSync(path.join(out, 'api/server.mjs'))) {
    fs.rmSync(out, { recursive: true, force: true });
    execFileSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs'), '--out', out], { cwd: ROOT, stdio: 'inherit' });
    fs.writeFileSync(stamp, new Date().toISOString());
  }
  return out;
}

/** A scratch DATA_DIR on the repository's file system (chattr needs a real one; /tmp may be tmpfs). */
export function scratchDataDir(label: string): string {
  const base = path.join(ROOT, '.tmp');
  fs.mkdirSync(base, { recursive: true });
  return fs.mkdtempSync(path.join(base, `reliability-${label}-`));
}

export const removeDir = (dir: string | undefined) => dir && fs.rmSync(dir, { recursive: true, force: true });

export const dbFile = (dataDir: string) => path.join(dataDir, 'association.sqlite');

export function openDb(dataDir: string): Database.Database {
  const db = new Database(dbFile(dataDir));
  db.pragma('busy_timeout = 5000');
  return db;
}

/** Which endpoints exist yet: 404/405 on a probe means "not implemented"; the suite covers what has landed. */
export async function isAvailable(url: string, method: string, pathName: string, body?: unknown): Promise<boolean> {
  const res = await fetch(url + pathName, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await res.arrayBuffer();
  return res.status !== 404 && res.status !== 405;
}

export const runId = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

export const CONTACT = (email: string) => ({
  name: 'Awa Zinsou',
  email,
  phone: '+22997000000',
  services: 'Aide alimentaire',
  message: 'Bonjour, je souhaite aider.',
});

export const nproc = () => os.availableParallelism?.() ?? os.cpus().length;

/** A valid 32×32 RGB PNG (for upload endpoints). */
export const PNG_32 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAIAAAD8GO2jAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAO0lEQVRIiWM4UaFBU8QwakHFaBBpjKaiE6MZTWO0qDgxWppWjFY4J0arzIrRVoXGaMOrYrTpqDGoW9cAi+KgTBYnPAIAAAAASUVORK5CYII=',
  'base64',
);
