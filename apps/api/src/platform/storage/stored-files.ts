import type { Readable } from 'node:stream';
import { MIME_BY_EXTENSION } from '../uploads/uploads';
import type { Storage, StorageArea } from './storage';

// Only names this server generated (uuid.ext) ever reach the storage: anything else ("../x", "%2e%2e", "a/b") is unknown.
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp|pdf|doc|docx)$/;

export const isStoredName = (name: string) => STORED_NAME.test(name);

export interface OpenedFile {
  stream: Readable;
  size: number;
  contentType: string;
}

export async function openStoredFile(storage: Storage, area: StorageArea, name: string): Promise<OpenedFile | null> {
  if (!isStoredName(name)) return null;
  const opened = await storage.open(`${area}/${name}`);
  if (!opened) return null;
  const ext = name.slice(name.lastIndexOf('.') + 1);
  return { ...opened, contentType: MIME_BY_EXTENSION[ext] ?? 'application/octet-stream' };
}

/** The public address of an image this server stored in a public area. */
export const publicFileUrl = (area: 'avatars' | 'volunteer-profile-images', name: string) => `/api/storage/${area}/${name}`;
