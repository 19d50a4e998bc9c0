import fs from 'node:fs';
import path from 'node:path';

// Decides whether dist/ is older than the sources, so `npm start` on a built tree starts in well under 2 s.
const ROOT = path.resolve(import.meta.dirname, '../..');
const SOURCES = ['apps', 'packages', 'vite.config.ts', 'package-lock.json', 'tsconfig.json', 'tsconfig.base.json'];
export const STAMP = path.join(ROOT, 'dist/.build-stamp');

/** The newest modification time among the files a build reads. */
export function newestSourceMtime() {
  return Math.max(...SOURCES.map((s) => newestMtime(path.join(ROOT, s))));
}

function newestMtime(entry) {
  let stat;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of fs.readdirSync(entry)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(entry, name)));
  }
  return newest;
}

export function isBuildFresh() {
  let stampTime;
  try {
    stampTime = fs.statSync(STAMP).mtimeMs;
  } catch {
    return false;
  }
  if (!fs.existsSync(path.join(ROOT, 'dist/api/server.mjs')) || !fs.existsSync(path.join(ROOT, 'dist/web/index.html'))) return false;
  return newestSourceMtime() <= stampTime;
}

export { ROOT };
