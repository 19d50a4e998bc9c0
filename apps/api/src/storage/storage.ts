import type { Readable } from 'node:stream';

/** Where uploaded files live. Local disk by default; another backend (S3-like) implements the same interface. */
export type StorageArea =
  | 'avatars'
  | 'volunteer-profile-images'
  | 'cv'
  | 'motivation_letter'
  | 'criminal_record'
  | 'restriction_proof'
  | 'projects'
  | 'receipts';

export interface Storage {
  /**
   * Stores the bytes under a new random key (`area/uuid.ext`) and returns the key. Written atomically. A stream is
   * read once, to its end, never held whole in memory (uploads arrive from size-capped temporary files).
   */
  put(area: StorageArea, body: Buffer | Readable, extension: string): Promise<string>;
  /** Opens a stored file, or null when the key is unknown or malformed. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  remove(key: string): Promise<void>;
}
