import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { STORAGE_KEY_PATTERN as KEY_PATTERN, type Storage, type StorageArea } from './storage';

/** Files under DATA_DIR/uploads; written to a temporary name, fsynced, then renamed, so a crash never leaves half a file at a real key. */
export function createLocalDiskStorage(root: string): Storage {
  const resolveKey = (key: string): string | null => {
    if (!KEY_PATTERN.test(key)) return null;
    const full = path.resolve(root, key);
    return full.startsWith(path.resolve(root) + path.sep) ? full : null;
  };

  const writeAtomically = async (full: string, body: Buffer | Readable) => {
    await fsp.mkdir(path.dirname(full), { recursive: true });
    const tmp = path.join(root, '.tmp', `${randomUUID()}.part`);
    await fsp.mkdir(path.dirname(tmp), { recursive: true });
    try {
      if (Buffer.isBuffer(body)) await fsp.writeFile(tmp, body, { flag: 'wx' });
      else await pipeline(body, fs.createWriteStream(tmp, { flags: 'wx' }));
      const handle = await fsp.open(tmp, 'r+');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fsp.rename(tmp, full);
    } catch (error) {
      await fsp.rm(tmp, { force: true }); // a failed write leaves no partial file behind
      throw error;
    }
  };

  return {
    async put(area: StorageArea, body: Buffer | Readable, extension: string) {
      const ext = extension.replace(/^\./, '').toLowerCase();
      const key = `${area}/${randomUUID()}.${ext}`;
      const full = resolveKey(key);
      if (!full) throw new Error(`invalid storage key ${key}`);
      await writeAtomically(full, body);
      return key;
    },
    async overwrite(key: string, body: Readable) {
      const full = resolveKey(key);
      if (!full) throw new Error(`invalid storage key ${key}`);
      await writeAtomically(full, body);
    },
    async *list(area: StorageArea) {
      const names = await fsp.readdir(path.join(root, area)).catch(() => [] as string[]);
      for (const name of names) if (KEY_PATTERN.test(`${area}/${name}`)) yield `${area}/${name}`;
    },
    async open(key: string) {
      const full = resolveKey(key);
      if (!full) return null;
      try {
        const stat = await fsp.stat(full);
        if (!stat.isFile()) return null;
        return { stream: fs.createReadStream(full), size: stat.size };
      } catch {
        return null;
      }
    },
    async remove(key: string) {
      const full = resolveKey(key);
      if (full) await fsp.rm(full, { force: true });
    },
  };
}
