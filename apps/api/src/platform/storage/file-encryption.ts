import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

// The framed AES-256-GCM format of encrypted files (docs/decisions/encryption-at-rest.md), so that a file is
// encrypted and decrypted as a stream, one 64 KiB frame at a time, never whole in memory:
//   header (32 bytes): MAGIC (8) · key id (8) · salt (16)
//   frames: ciphertext of up to 64 KiB of plaintext · 16-byte GCM tag
// Each file gets its own AES key, HKDF-SHA256(master key, salt): nonces (frame counter · last-frame flag) then never
// repeat under one key. The header is the associated data of every frame, and the last frame carries its own flag,
// so a changed header, a changed, reordered or removed frame, or a truncated file all fail authentication.

export const MAGIC = Buffer.from('ASBEENC1', 'latin1');
export const HEADER_BYTES = 32;
export const FRAME_PLAINTEXT = 64 * 1024;
const TAG_BYTES = 16;
const FRAME_BYTES = FRAME_PLAINTEXT + TAG_BYTES;

export class FileDecryptionError extends Error {}

export interface DataKey {
  /** First 8 bytes of a SHA-256 of the key: names it in each file's header without revealing it. */
  id: Buffer;
  key: Buffer;
}

export interface Keyring {
  /** Encrypts every new file. */
  current: DataKey;
  /** Every key that may still be named by a stored file, the current one included. */
  all: DataKey[];
}

export const dataKey = (key: Buffer): DataKey => ({
  id: createHash('sha256').update('asbe-data-key-id').update(key).digest().subarray(0, 8),
  key,
});

export function makeKeyring(current: Buffer, others: Buffer[] = []): Keyring {
  const all = [dataKey(current)];
  for (const key of others) if (!all.some((k) => k.key.equals(key))) all.push(dataKey(key));
  return { current: all[0]!, all };
}

const fileKey = (master: Buffer, salt: Buffer) => Buffer.from(hkdfSync('sha256', master, salt, 'asbe file v1', 32));

function nonce(counter: number, last: boolean): Buffer {
  const n = Buffer.alloc(12);
  n.writeUIntBE(counter, 0, 6);
  n[11] = last ? 1 : 0;
  return n;
}

/** Plaintext bytes of an encrypted file of `stored` bytes (the frames have a fixed size, the last one excepted). */
export function plaintextSize(stored: number): number {
  const body = stored - HEADER_BYTES;
  const frames = Math.max(1, Math.ceil((body - TAG_BYTES) / FRAME_BYTES));
  return Math.max(0, body - frames * TAG_BYTES);
}

/** Plaintext in, header and frames out. */
export class EncryptStream extends Transform {
  private readonly header: Buffer;
  private readonly key: Buffer;
  private pending: Buffer = Buffer.alloc(0);
  private counter = 0;

  constructor(keyring: Keyring) {
    super();
    const salt = randomBytes(16);
    this.header = Buffer.concat([MAGIC, keyring.current.id, salt]);
    this.key = fileKey(keyring.current.key, salt);
    this.push(this.header);
  }

  private seal(plain: Buffer, last: boolean): Buffer {
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce(this.counter++, last));
    cipher.setAAD(this.header);
    return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    // A full frame goes out only once more bytes follow it: the last frame (flagged) is never a guess.
    while (this.pending.length > FRAME_PLAINTEXT) {
      this.push(this.seal(this.pending.subarray(0, FRAME_PLAINTEXT), false));
      this.pending = this.pending.subarray(FRAME_PLAINTEXT);
    }
    done();
  }

  override _flush(done: TransformCallback) {
    this.push(this.seal(this.pending, true));
    done();
  }
}

export type StoredForm = { encrypted: false } | { encrypted: true; keyId: Buffer };

/**
 * Stored bytes in, plaintext out: decrypts a file in the format above, passes any other file through unchanged (a
 * file stored before encryption, until `npm run encrypt-files` has run). `form` settles once the first 32 bytes
 * (or the whole of a shorter file) have been seen.
 */
export class DecryptStream extends Transform {
  readonly form: Promise<StoredForm>;
  private settle!: (form: StoredForm) => void;
  private fail!: (error: Error) => void;
  private mode: 'unknown' | 'plain' | 'encrypted' = 'unknown';
  private pending: Buffer = Buffer.alloc(0);
  private header = Buffer.alloc(0);
  private key = Buffer.alloc(0);
  private counter = 0;

  constructor(private readonly keyring: Keyring) {
    super();
    this.form = new Promise((resolve, reject) => {
      this.settle = resolve;
      this.fail = reject;
    });
    this.form.catch(() => {}); // also reported as the stream's error
  }

  private decide(final: boolean): Error | undefined {
    if (this.pending.length < HEADER_BYTES && !final) return undefined;
    if (this.pending.length < MAGIC.length || !this.pending.subarray(0, MAGIC.length).equals(MAGIC)) {
      this.mode = 'plain';
      this.settle({ encrypted: false });
      return undefined;
    }
    if (this.pending.length < HEADER_BYTES) return this.reject('fichier chiffré tronqué');
    this.header = Buffer.from(this.pending.subarray(0, HEADER_BYTES));
    const id = this.header.subarray(MAGIC.length, MAGIC.length + 8);
    const master = this.keyring.all.find((k) => k.id.equals(id));
    if (!master) return this.reject(`fichier chiffré par une clé inconnue (${id.toString('hex')}) : voir DATA_ENCRYPTION_KEYS_OLD`);
    this.key = fileKey(master.key, this.header.subarray(MAGIC.length + 8));
    this.pending = this.pending.subarray(HEADER_BYTES);
    this.mode = 'encrypted';
    this.settle({ encrypted: true, keyId: Buffer.from(id) });
    return undefined;
  }

  private reject(message: string): Error {
    const error = new FileDecryptionError(message);
    this.fail(error);
    return error;
  }

  private open(frame: Buffer, last: boolean): Buffer {
    const decipher = createDecipheriv('aes-256-gcm', this.key, nonce(this.counter++, last));
    decipher.setAAD(this.header);
    decipher.setAuthTag(frame.subarray(frame.length - TAG_BYTES));
    try {
      return Buffer.concat([decipher.update(frame.subarray(0, frame.length - TAG_BYTES)), decipher.final()]);
    } catch {
      throw new FileDecryptionError('fichier chiffré altéré (authentification AES-GCM refusée)');
    }
  }

  private drain(final: boolean) {
    if (this.mode === 'unknown') {
      const error = this.decide(final);
      if (error) throw error;
    }
    if (this.mode === 'plain') {
      if (this.pending.length) this.push(this.pending);
      this.pending = Buffer.alloc(0);
      return;
    }
    if (this.mode !== 'encrypted') return;
    while (this.pending.length > FRAME_BYTES) {
      this.push(this.open(this.pending.subarray(0, FRAME_BYTES), false));
      this.pending = this.pending.subarray(FRAME_BYTES);
    }
    if (final) {
      if (this.pending.length < TAG_BYTES) throw new FileDecryptionError('fichier chiffré tronqué');
      this.push(this.open(this.pending, true));
      this.pending = Buffer.alloc(0);
    }
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    try {
      this.drain(false);
      done();
    } catch (error) {
      done(error as Error);
    }
  }

  override _flush(done: TransformCallback) {
    try {
      this.drain(true);
      done();
    } catch (error) {
      done(error as Error);
    }
  }

  override _destroy(error: Error | null, done: (error: Error | null) => void) {
    if (this.mode === 'unknown') this.fail(error ?? new FileDecryptionError('lecture interrompue'));
    done(error);
  }
}
