import { Readable } from 'node:stream';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig, type StorageConfig } from '../../src/platform/config';
import { createS3Storage } from '../../src/platform/storage/s3-storage';
import type { Storage } from '../../src/platform/storage/storage';
import { field, file, listUploads, makeDocx, makePdf, makePng, multipart } from '../public-site/fixtures';
import { closedPort } from '../helpers/redis';
import { S3_STAND_IN_CREDENTIALS, startS3StandIn } from '../helpers/s3-stand-in';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, seedUser } from '../helpers/users';

// Issue 14, object storage: the S3 implementation of the storage interface against s3rver, an S3 stand-in
// speaking S3's wire format on loopback, started here.
const BUCKET = 'asbe-uploads';
const started = await startS3StandIn([BUCKET]);
const s3 = 'unavailable' in started ? null : started;
if (!s3)
  console.log(`S3 stand-in cannot run here: the S3 storage tests are skipped (${'unavailable' in started ? started.unavailable : ''})`);
afterAll(async () => s3?.close());

const s3Config = (over: Partial<Extract<StorageConfig, { kind: 's3' }>> = {}): StorageConfig => ({
  kind: 's3',
  bucket: BUCKET,
  prefix: 'asbe',
  endpoint: s3!.endpoint,
  region: 'us-east-1',
  credentials: S3_STAND_IN_CREDENTIALS,
  ...over,
});
const readAll = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};
async function objectKeys(): Promise<string[]> {
  const client = new S3Client({ region: 'us-east-1', endpoint: s3!.endpoint, forcePathStyle: true, credentials: S3_STAND_IN_CREDENTIALS });
  const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  client.destroy();
  return (listed.Contents ?? []).map((o) => o.Key!);
}

describe.skipIf(!s3)('S3 storage', () => {
  let storage: Storage;
  beforeAll(async () => {
    storage = await createS3Storage(s3Config() as Extract<StorageConfig, { kind: 's3' }>);
  });

  it('stores a buffer and a stream under area/uuid.ext in the prefix, and streams them back', async () => {
    const small = Buffer.from('%PDF-1.4 petit fichier');
    // Over lib-storage's 5 MB part size: sent as a multipart upload, read in parts, never whole.
    const large = Buffer.alloc(6 * 1024 * 1024 + 17, 7);
    const smallKey = await storage.put('cv', small, 'pdf');
    const largeKey = await storage.put('projects', Readable.from([large.subarray(0, 1024), large.subarray(1024)]), '.PDF');
    expect(smallKey).toMatch(/^cv\/[0-9a-f-]{36}\.pdf$/);
    expect(largeKey).toMatch(/^projects\/[0-9a-f-]{36}\.pdf$/);
    expect(await objectKeys()).toEqual(expect.arrayContaining([`asbe/${smallKey}`, `asbe/${largeKey}`]));
    const opened = await storage.open(largeKey);
    expect(opened!.size).toBe(large.length);
    expect((await readAll(opened!.stream)).equals(large)).toBe(true);
    expect((await readAll((await storage.open(smallKey))!.stream)).equals(small)).toBe(true);
  });

  it('answers null for an unknown or malformed key and removes what it stored', async () => {
    expect(await storage.open('cv/00000000-0000-0000-0000-000000000000.pdf')).toBeNull();
    expect(await storage.open('../cv/x.pdf')).toBeNull();
    expect(await storage.open('cv/../../etc/passwd')).toBeNull();
    const key = await storage.put('avatars', Buffer.from('x'), 'png');
    await storage.remove(key);
    expect(await storage.open(key)).toBeNull();
    expect(await objectKeys()).not.toContain(`asbe/${key}`);
  });

  it('refuses to start with one line when the bucket is missing or the store unreachable', async () => {
    const base = loadConfig({ DATA_DIR: '/tmp/unused-data-dir' });
    await expect(buildApp({ config: { ...base, storage: s3Config({ bucket: 'no-such-bucket' }) }, logger: false })).rejects.toThrow(
      /^stockage objet s3:\/\/no-such-bucket sur http:\/\/127\.0\.0\.1:\d+ : le bucket n’existe pas$/,
    );
    const endpoint = `http://127.0.0.1:${await closedPort()}`;
    await expect(buildApp({ config: { ...base, storage: s3Config({ endpoint }) }, logger: false })).rejects.toThrow(
      /^stockage objet s3:\/\/asbe-uploads sur http:\/\/127\.0\.0\.1:\d+ : injoignable \([^\n]*\)$/,
    );
  });
});

describe.skipIf(!s3)('the product with STORAGE_URL=s3://…', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ storage: s3Config({ prefix: 'app' }) });
  });
  afterAll(async () => t?.close());

  it('keeps uploads in the bucket, not in DATA_DIR, and serves private documents only to administrators', async () => {
    const before = (await objectKeys()).length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/volunteers',
      ...multipart([
        field('name', 'Kossi Mensah'),
        field('email', 'kossi.s3@example.bj'),
        field('domain', 'education'),
        field('under_restriction', '0'),
        file('profile_image', 'moi.png', makePng(), 'image/png'),
        file('cv', 'cv.pdf', makePdf(), 'application/pdf'),
        file('motivation_letter', 'lettre.docx', makeDocx()),
        file('criminal_record', 'casier.pdf', makePdf()),
      ]),
    });
    expect(res.statusCode).toBe(201);
    expect((await objectKeys()).length).toBe(before + 4);
    expect(listUploads(t.dataDir)).toEqual([]);
    const row = await t.db.selectFrom('volunteers').selectAll().where('email', '=', 'kossi.s3@example.bj').executeTakeFirstOrThrow();
    expect((await t.app.inject({ url: `/api/download/criminal_record/${row.criminal_record}` })).statusCode).toBe(401);
    const admin = await seedUser(t, 'administrateur');
    const cv = await t.app.inject({ url: `/api/download/cv/${row.cv}`, headers: bearer(admin.token) });
    expect(cv.statusCode).toBe(200);
    expect(cv.headers['content-disposition']).toMatch(/^attachment;/);
    expect(cv.rawPayload.equals(makePdf())).toBe(true);
  });

  it('keeps row and files together: parallel registrations with one e-mail leave the files of one row only', async () => {
    const before = (await objectKeys()).length;
    const register = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/volunteers',
        ...multipart([
          field('name', 'Afi Mensah'),
          field('email', 'afi.course@example.bj'),
          field('domain', 'education'),
          field('under_restriction', '0'),
          file('profile_image', 'moi.png', makePng(), 'image/png'),
          file('cv', 'cv.pdf', makePdf(), 'application/pdf'),
          file('motivation_letter', 'lettre.docx', makeDocx()),
          file('criminal_record', 'casier.pdf', makePdf()),
        ]),
      });
    // Those that pass the e-mail check together store their files, then all but one lose at the unique index
    // and must take their files back out of the bucket.
    const statuses = (await Promise.all(Array.from({ length: 5 }, register))).map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 422)).toHaveLength(4);
    expect((await objectKeys()).length).toBe(before + 4);
  });

  it('GET /api/ready checks the bucket', async () => {
    const ready = await t.app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });
});
