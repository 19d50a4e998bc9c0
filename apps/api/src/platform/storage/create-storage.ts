import path from 'node:path';
import type { Config } from '../config';
import { createEncryptingStorage, type EncryptingStorage } from './encrypted-storage';
import { loadKeyring } from './encryption-keys';
import { loadSealingKeys } from './sealed-text';
import { createLocalDiskStorage } from './local-disk-storage';
import { assertBucketReachable, createS3Storage } from './s3-storage';

/**
 * The storage STORAGE_URL names: DATA_DIR/uploads by default; an S3 bucket that must answer before the start goes on.
 * Either way the volunteer documents are encrypted at rest (encrypted-storage.ts); `notice` hears of a generated key.
 */
export async function createStorage(config: Config, notice?: (message: string) => void): Promise<EncryptingStorage> {
  const keyring = await loadKeyring(config, notice);
  loadSealingKeys(keyring); // the outbox's codes are sealed with the same key (sealed-text.ts)
  if (config.storage.kind === 'local')
    return createEncryptingStorage(createLocalDiskStorage(path.join(config.dataDir, 'uploads')), keyring);
  await assertBucketReachable(config.storage);
  return createEncryptingStorage(await createS3Storage(config.storage), keyring);
}
