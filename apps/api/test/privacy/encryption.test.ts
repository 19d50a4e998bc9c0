import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/platform/config';
import { createEncryptingStorage, encryptStoredFiles } from '../../src/platform/storage/encrypted-storage';
import { GENERATED_KEY_FILE, loadKeyring } from '../../src/platform/storage/encryption-keys';
import { FileDecryptionError, FRAME_PLAINTEXT, HEADER_BYTES, makeKeyring } from '../../src/platform/storage/file-encryption';
import { createLocalDiskStorage } from '../../src/platform/storage/local-disk-storage';
import { createS3Storage } from '../../src/platform/storage/s3-storage';
import type { Storage } from '../../src/platform/storage/storage';
import { field, file, makeDocx, makePdf, makePng, multipart } from '../public-site/fixtures';
import { S3_STAND_IN_CREDENTIALS, startS3StandIn } from '../helpers/s3-stand-in';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';

// Issue 26 item 5: volunteer documents encrypted at rest (AES-256-GCM, framed, streamed), read back decrypted.
const readAll = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};
const tmpDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'assoc-enc-'));
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});
function localPair(keyring = makeKeyring(randomBytes(32))) {
  const root = tmpDir();
  dirs.push(root);
  const inner = createLocalDiskStorage(root);
  return { root, inner, storage: createEncryptingStorage(inner, keyring), keyring };
}
const contains = (haystack: Buffer, needle: Buffer) => haystack.indexOf(needle) !== -1;

describe('volunteer documents through the API', () => {
  let t: TestApp;
  let admin: SeededUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await seedUser(t, 'administrateur');
  });
  afterAll(async () => t.close());

  it('stores a CV encrypted on disk and gives the administrator back the uploaded bytes', async () => {
    const cv = makePdf(300_000); // several 64 KiB frames
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/volunteers',
      ...multipart([
        field('name', 'Kossi Chiffré'),
        field('email', 'kossi.chiffre@example.bj'),
        field('domain', 'education'),
        field('under_restriction', '0'),
        file('profile_image', 'moi.png', makePng(), 'image/png'),
        file('cv', 'cv.pdf', cv, 'application/pdf'),
        file('motivation_letter', 'lettre.docx', makeDocx()),
        file('criminal_record', 'casier.pdf', makePdf()),
      ]),
    });
    expect(res.statusCode).toBe(201);
    const row = await t.db
      .selectFrom('volunteers')
      .select(['cv', 'profile_image'])
      .where('email', '=', 'kossi.chiffre@example.bj')
      .executeTakeFirstOrThrow();
    const stored = fs.readFileSync(path.join(t.dataDir, 'uploads', 'cv', row.cv!));
    expect(stored.subarray(0, 8).toString('latin1')).toBe('ASBEENC1');
    expect(contains(stored, Buffer.from('%PDF'))).toBe(false);
    expect(contains(stored, cv.subarray(1000, 1064))).toBe(false);
    // The public photo is not a volunteer document: stored as it is.
    expect(fs.readFileSync(path.join(t.dataDir, 'uploads', 'volunteer-profile-images', row.profile_image!)).equals(makePng())).toBe(true);

    const download = await t.app.inject({ url: `/api/download/cv/${row.cv}`, headers: bearer(admin.token) });
    expect(download.statusCode).toBe(200);
    expect(Number(download.headers['content-length'] ?? download.rawPayload.length)).toBe(cv.length);
    expect(download.rawPayload.equals(cv)).toBe(true);
  });

  it('generated a key into DATA_DIR, readable only by its owner (none when DATA_ENCRYPTION_KEY is set)', () => {
    const keyFile = path.join(t.dataDir, GENERATED_KEY_FILE);
    // On PostgreSQL the test app configures the key (the start requires it beside DATABASE_URL): nothing is generated.
    if (t.config.encryption.key) return expect(fs.existsSync(keyFile)).toBe(false);
    expect(Buffer.from(fs.readFileSync(keyFile, 'utf8').trim(), 'base64')).toHaveLength(32);
    expect(fs.statSync(keyFile).mode & 0o077).toBe(0);
  });
});

describe('the framed AES-256-GCM format', () => {
  it('round-trips empty, small, frame-sized and multi-frame files with their exact size', async () => {
    const { storage, root } = localPair();
    for (const size of [0, 1, FRAME_PLAINTEXT - 1, FRAME_PLAINTEXT, FRAME_PLAINTEXT + 1, 3 * FRAME_PLAINTEXT, 200_001]) {
      const bytes = randomBytes(size);
      // Streamed in odd pieces, as an upload arrives.
      const pieces = [bytes.subarray(0, 7), bytes.subarray(7, 70_000), bytes.subarray(70_000)].filter((b) => b.length);
      const key = await storage.put('criminal_record', Readable.from(pieces), 'pdf');
      const opened = await storage.open(key);
      expect(opened!.size).toBe(size);
      expect((await readAll(opened!.stream)).equals(bytes)).toBe(true);
      expect(fs.statSync(path.join(root, key)).size).toBeGreaterThan(size + HEADER_BYTES);
    }
  });

  it('detects a changed byte, a truncated file, a removed frame and a changed header', async () => {
    const { storage, root } = localPair();
    const bytes = randomBytes(3 * FRAME_PLAINTEXT + 5);
    const flip = (s: Buffer, at: number) => {
      s.writeUInt8(s.readUInt8(at) ^ 1, at);
      return s;
    };
    const tampered = async (change: (stored: Buffer) => Buffer) => {
      const key = await storage.put('cv', bytes, 'pdf');
      const full = path.join(root, key);
      fs.writeFileSync(full, change(fs.readFileSync(full)));
      const opened = await storage.open(key);
      return readAll(opened!.stream);
    };
    const frame = FRAME_PLAINTEXT + 16;
    await expect(tampered((s) => flip(s, HEADER_BYTES + frame + 100))).rejects.toBeInstanceOf(FileDecryptionError);
    await expect(tampered((s) => s.subarray(0, HEADER_BYTES + 2 * frame))).rejects.toBeInstanceOf(FileDecryptionError);
    await expect(
      tampered((s) => Buffer.concat([s.subarray(0, HEADER_BYTES + frame), s.subarray(HEADER_BYTES + 2 * frame)])),
    ).rejects.toBeInstanceOf(FileDecryptionError);
    await expect(
      tampered((s) => flip(s, HEADER_BYTES - 1)), // the salt: another file key
    ).rejects.toBeInstanceOf(FileDecryptionError);
  });

  it('leaves the other areas as they are', async () => {
    const { storage, root } = localPair();
    const key = await storage.put('projects', Buffer.from('%PDF-1.4 projet'), 'pdf');
    expect(fs.readFileSync(path.join(root, key), 'latin1')).toBe('%PDF-1.4 projet');
  });
});

describe('npm run encrypt-files and key rotation', () => {
  it('encrypts files stored before, re-encrypts those under an old key, and changes nothing on a second run', async () => {
    const oldKey = randomBytes(32);
    const before = localPair(makeKeyring(oldKey));
    const legacy = randomBytes(100_000);
    const legacyKey = await before.inner.put('cv', legacy, 'pdf'); // stored before encryption existed
    const older = randomBytes(70_000);
    const olderKey = await before.storage.put('restriction_proof', older, 'pdf');
    const photo = await before.inner.put('projects', Buffer.from('non chiffré'), 'pdf');

    // The key is rotated: the new one encrypts, the old one still decrypts.
    const newKey = randomBytes(32);
    const storage = createEncryptingStorage(before.inner, makeKeyring(newKey, [oldKey]));
    expect((await readAll((await storage.open(olderKey))!.stream)).equals(older)).toBe(true);
    expect((await readAll((await storage.open(legacyKey))!.stream)).equals(legacy)).toBe(true);
    expect(await encryptStoredFiles(storage)).toEqual({ encrypted: 1, rotated: 1, unchanged: 0, failed: 0 });
    expect(await encryptStoredFiles(storage)).toEqual({ encrypted: 0, rotated: 0, unchanged: 2, failed: 0 });
    expect(contains(fs.readFileSync(path.join(before.root, legacyKey)), legacy.subarray(500, 564))).toBe(false);
    expect((await readAll((await storage.open(legacyKey))!.stream)).equals(legacy)).toBe(true);
    expect((await readAll((await storage.open(olderKey))!.stream)).equals(older)).toBe(true);
    expect(fs.readFileSync(path.join(before.root, photo), 'utf8')).toBe('non chiffré');
    // Once rotated, the old key is no longer needed.
    const newOnly = createEncryptingStorage(before.inner, makeKeyring(newKey));
    expect((await readAll((await newOnly.open(olderKey))!.stream)).equals(older)).toBe(true);
    const withoutOld = createEncryptingStorage(before.inner, makeKeyring(randomBytes(32)));
    await expect(withoutOld.open(olderKey)).rejects.toThrow(/clé inconnue/);
  });
});

describe('key handling', () => {
  it('generates one key when several processes start together, and says so once', async () => {
    const dataDir = tmpDir();
    dirs.push(dataDir);
    const config = loadConfig({ DATA_DIR: dataDir });
    const notices: string[] = [];
    const rings = await Promise.all(Array.from({ length: 6 }, () => loadKeyring(config, (m) => notices.push(m))));
    expect(new Set(rings.map((r) => r.current.key.toString('hex'))).size).toBe(1);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/DATA_ENCRYPTION_KEY n’est pas défini/);
    await loadKeyring(config, (m) => notices.push(m));
    expect(notices).toHaveLength(1);
    expect(fs.readdirSync(dataDir)).toEqual([GENERATED_KEY_FILE]);
  });

  it('uses DATA_ENCRYPTION_KEY when set, generates nothing, and refuses a key that is not 32 bytes of base64', async () => {
    const dataDir = tmpDir();
    dirs.push(dataDir);
    const key = randomBytes(32);
    const old = randomBytes(32);
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATA_ENCRYPTION_KEY: key.toString('base64'),
      DATA_ENCRYPTION_KEYS_OLD: old.toString('base64'),
    });
    const ring = await loadKeyring(config, () => {
      throw new Error('no notice expected');
    });
    expect(ring.current.key.equals(key)).toBe(true);
    expect(ring.all.map((k) => k.key.toString('hex'))).toEqual([key.toString('hex'), old.toString('hex')]);
    expect(fs.readdirSync(dataDir)).toEqual([]);
    expect(() => loadConfig({ DATA_ENCRYPTION_KEY: randomBytes(16).toString('base64') })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_ENCRYPTION_KEY: 'pas une clé' })).toThrow(
      'Configuration invalide : DATA_ENCRYPTION_KEY doit être une clé de 32 octets en base64 (openssl rand -base64 32)',
    );
  });
});

const BUCKET = 'asbe-encrypted';
const started = await startS3StandIn([BUCKET]);
const s3 = 'unavailable' in started ? null : started;
afterAll(async () => s3?.close());

describe.skipIf(!s3)('in S3 alike', () => {
  it('stores the document encrypted in the bucket, reads it back, and encrypt-files works there', async () => {
    const inner: Storage = await createS3Storage({
      kind: 's3',
      bucket: BUCKET,
      prefix: 'enc',
      endpoint: s3!.endpoint,
      region: 'us-east-1',
      credentials: S3_STAND_IN_CREDENTIALS,
    });
    const storage = createEncryptingStorage(inner, makeKeyring(randomBytes(32)));
    const bytes = randomBytes(150_000);
    const key = await storage.put('motivation_letter', Readable.from([bytes]), 'pdf');
    const raw = await readAll((await inner.open(key))!.stream);
    expect(raw.subarray(0, 8).toString('latin1')).toBe('ASBEENC1');
    expect(contains(raw, bytes.subarray(0, 64))).toBe(false);
    const opened = await storage.open(key);
    expect(opened!.size).toBe(bytes.length);
    expect((await readAll(opened!.stream)).equals(bytes)).toBe(true);
    const legacy = await inner.put('cv', Buffer.from('%PDF-1.4 ancien'), 'pdf');
    expect(await encryptStoredFiles(storage)).toEqual({ encrypted: 1, rotated: 0, unchanged: 1, failed: 0 });
    expect((await readAll((await storage.open(legacy))!.stream)).toString()).toBe('%PDF-1.4 ancien');
  });
});
