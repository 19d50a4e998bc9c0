import type { Readable } from 'node:stream';

/** Where uploaded files live. Local disk by default; an S3-compatible bucket with STORAGE_URL=s3://… */
export type StorageArea =
  | 'avatars'
  | 'volunteer-profile-images'
  | 'cv'
  | 'motivation_letter'
  | 'criminal_record'
  | 'restriction_proof'
  | 'projects'
  | 'receipts'
  | 'expense_proofs'
  | 'signatures';

export interface Storage {
  /** Stores the bytes (a buffer or a stream read to its end) under a new random key (`area/uuid.ext`) and returns the key. Written atomically: a failed or interrupted put leaves nothing at the key. */
  put(area: StorageArea, data: Buffer | Readable, extension: string): Promise<string>;
  /** Opens a stored file, or null when the key is unknown or malformed. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  remove(key: string): Promise<void>;
  /** Replaces the bytes at an existing key, atomically (`npm run encrypt-files`). */
  overwrite?(key: string, data: Readable): Promise<void>;
  /** Every key stored in an area (`npm run encrypt-files`). */
  list?(area: StorageArea): AsyncIterable<string>;
  /** True when the backend answers (GET /api/ready); absent for the local disk, which the database check covers. */
  ping?(): Promise<boolean>;
}

/** Keys this server generates: `area/uuid.ext`. Anything else is refused before reaching a backend. */
export const STORAGE_KEY_PATTERN = /^[a-z_-]+\/[0-9a-f-]{36}\.[a-z0-9]{1,5}$/;
