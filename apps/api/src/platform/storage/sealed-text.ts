import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { DataKey, Keyring } from './file-encryption';

// Short secrets kept in the database only until they are used (a one-time code waiting in the outbox): sealed with
// AES-256-GCM under DATA_ENCRYPTION_KEY (or the generated key), so the database files never hold them in clear.
// Form: `sealed1.<key id hex>.<iv>.<ciphertext+tag>` (base64url). The keys are the process's keyrings: every app built
// in this process adds its own (tests build several), sealing uses the newest, opening tries the one the text names.

const PREFIX = 'sealed1';
const keys = new Map<string, Buffer>();
let current: DataKey | null = null;

const textKey = (master: Buffer) => Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), 'asbe sealed text v1', 32));

/** Makes a keyring's keys those that seal (its current one) and open (all of them) short secrets. */
export function loadSealingKeys(keyring: Keyring): void {
  for (const k of keyring.all) keys.set(k.id.toString('hex'), textKey(k.key));
  current = keyring.current;
}

export function sealText(text: string): string {
  if (!current) throw new Error('sealText: no encryption key loaded (createStorage loads it)');
  const id = current.id.toString('hex');
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.get(id)!, iv);
  cipher.setAAD(Buffer.from(PREFIX));
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return [PREFIX, id, iv.toString('base64url'), sealed.toString('base64url')].join('.');
}

export const isSealedText = (stored: string): boolean => stored.startsWith(`${PREFIX}.`);

/** The clear text, or null when it cannot be opened (unknown key, altered). Text stored before sealing passes through. */
export function openText(stored: string | null): string | null {
  if (stored === null) return null;
  const parts = stored.split('.');
  if (parts[0] !== PREFIX || parts.length !== 4) return stored;
  const key = keys.get(parts[1]!);
  if (!key) return null;
  const body = Buffer.from(parts[3]!, 'base64url');
  if (body.length < 16) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(parts[2]!, 'base64url'));
    decipher.setAAD(Buffer.from(PREFIX));
    decipher.setAuthTag(body.subarray(body.length - 16));
    return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
