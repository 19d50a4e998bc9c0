import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DecryptStream, EncryptStream, type Keyring, plaintextSize, type StoredForm } from './file-encryption';
import type { Storage, StorageArea } from './storage';

/** The volunteer documents (docs/product/personal-data.md): encrypted at rest; every other area is stored as it is. */
export const ENCRYPTED_AREAS: readonly StorageArea[] = ['cv', 'motivation_letter', 'criminal_record', 'restriction_proof'];

const isEncryptedKey = (key: string) => ENCRYPTED_AREAS.some((area) => key.startsWith(`${area}/`));

const asStream = (data: Buffer | Readable) => (Buffer.isBuffer(data) ? Readable.from([data]) : data);

/** `source` piped through `transform`, a failure of either destroying the other (so a put never stores half a file). */
function through<T extends NodeJS.ReadWriteStream>(source: Readable, transform: T): T {
  pipeline(source, transform).catch(() => {}); // the error reaches whoever reads `transform`
  return transform;
}

async function openDecrypting(inner: Storage, keyring: Keyring, key: string) {
  const opened = await inner.open(key);
  if (!opened) return null;
  const stream = through(opened.stream, new DecryptStream(keyring));
  const form = await stream.form;
  return { stream, form, storedSize: opened.size };
}

export interface EncryptingStorage extends Storage {
  /**
   * Brings one stored file to the current key (`npm run encrypt-files`): a plaintext file is encrypted, a file under
   * an older key re-encrypted, a file already under the current key left alone. Idempotent; the file is replaced
   * atomically (a failure leaves the old one).
   */
  encryptStored(key: string): Promise<'encrypted' | 'rotated' | 'unchanged' | 'missing'>;
}

/**
 * Wraps a storage backend (local disk or S3) so that the volunteer documents are written encrypted and read back
 * decrypted, as streams. Reading also accepts a file stored before encryption (passed through as it is).
 */
export function createEncryptingStorage(inner: Storage, keyring: Keyring): EncryptingStorage {
  return {
    ...inner,
    async put(area: StorageArea, data: Buffer | Readable, extension: string) {
      if (!ENCRYPTED_AREAS.includes(area)) return inner.put(area, data, extension);
      return inner.put(area, through(asStream(data), new EncryptStream(keyring)), extension);
    },
    async open(key: string) {
      if (!isEncryptedKey(key)) return inner.open(key);
      const opened = await openDecrypting(inner, keyring, key);
      if (!opened) return null;
      return { stream: opened.stream, size: opened.form.encrypted ? plaintextSize(opened.storedSize) : opened.storedSize };
    },
    async encryptStored(key: string) {
      if (!inner.overwrite) throw new Error('this storage cannot replace a file');
      const opened = await openDecrypting(inner, keyring, key);
      if (!opened) return 'missing';
      const form: StoredForm = opened.form;
      if (form.encrypted && form.keyId.equals(keyring.current.id)) {
        opened.stream.destroy();
        return 'unchanged';
      }
      await inner.overwrite(key, through(opened.stream, new EncryptStream(keyring)));
      return form.encrypted ? 'rotated' : 'encrypted';
    },
  };
}

export type EncryptionReport = Record<'encrypted' | 'rotated' | 'unchanged' | 'failed', number>;

/** `npm run encrypt-files`: every volunteer document brought to the current key, one file at a time; safe to run again. */
export async function encryptStoredFiles(
  storage: EncryptingStorage,
  onError: (key: string, error: unknown) => void = () => {},
): Promise<EncryptionReport> {
  const report: EncryptionReport = { encrypted: 0, rotated: 0, unchanged: 0, failed: 0 };
  if (!storage.list) throw new Error('this storage cannot list its files');
  for (const area of ENCRYPTED_AREAS) {
    for await (const key of storage.list(area)) {
      try {
        const outcome = await storage.encryptStored(key);
        if (outcome !== 'missing') report[outcome] += 1;
      } catch (error) {
        report.failed += 1;
        onError(key, error);
      }
    }
  }
  return report;
}
