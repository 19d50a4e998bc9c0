import path from 'node:path';
import type { Config } from '../config';
import { createLocalDiskStorage } from './local-disk-storage';
import { assertBucketReachable, createS3Storage } from './s3-storage';
import type { Storage } from './storage';

/** The storage STORAGE_URL names: DATA_DIR/uploads by default; an S3 bucket that must answer before the start goes on. */
export async function createStorage(config: Config): Promise<Storage> {
  if (config.storage.kind === 'local') return createLocalDiskStorage(path.join(config.dataDir, 'uploads'));
  await assertBucketReachable(config.storage);
  return createS3Storage(config.storage);
}
