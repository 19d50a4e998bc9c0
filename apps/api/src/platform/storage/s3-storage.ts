import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { StorageConfig } from '../config';
import { STORAGE_KEY_PATTERN, type Storage, type StorageArea } from './storage';

type S3Config = Extract<StorageConfig, { kind: 's3' }>;

export class StorageUnreachableError extends Error {}

// The AWS SDK (~20 MiB of memory once loaded) is loaded only where S3 storage is configured, not by every start.
async function loadSdk() {
  const [client, storage] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
  return { ...client, Upload: storage.Upload };
}

/**
 * Uploads in an S3-compatible bucket (AWS, MinIO, Garage, …), so that every process serves every file.
 * Objects are private (no ACL is ever set, no URL is ever signed): files, public ones included, are streamed
 * through the API's own routes, which check the permissions. Streams both ways: a put reads its body in 5 MB
 * parts (lib-storage), an open hands over the response body without buffering it.
 */
export async function createS3Storage(config: S3Config): Promise<Storage> {
  const {
    DeleteObjectCommand,
    GetObjectCommand,
    HeadBucketCommand,
    ListObjectsV2Command,
    NoSuchKey,
    S3Client,
    S3ServiceException,
    Upload,
  } = await loadSdk();
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    // Stores other than AWS are addressed as ENDPOINT/BUCKET/KEY (docs/product/scaling.md): no wildcard DNS needed.
    forcePathStyle: Boolean(config.endpoint),
    credentials: config.credentials,
    // Checksums only where S3 requires them: the SDK's newer default (aws-chunked bodies with trailing
    // checksums) is not understood by every S3-compatible store.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
  const objectKey = (key: string) => (config.prefix ? `${config.prefix}/${key}` : key);

  return {
    async put(area: StorageArea, data: Buffer | Readable, extension: string) {
      const ext = extension.replace(/^\./, '').toLowerCase();
      const key = `${area}/${randomUUID()}.${ext}`;
      if (!STORAGE_KEY_PATTERN.test(key)) throw new Error(`invalid storage key ${key}`);
      // S3 makes an object visible only once complete; a failed multipart upload is aborted by lib-storage.
      await new Upload({ client, params: { Bucket: config.bucket, Key: objectKey(key), Body: data } }).done();
      return key;
    },
    async open(key: string) {
      if (!STORAGE_KEY_PATTERN.test(key)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
        if (!object.Body) return null;
        return { stream: object.Body as Readable, size: Number(object.ContentLength ?? 0) };
      } catch (error) {
        if (error instanceof NoSuchKey || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)) return null;
        throw error;
      }
    },
    async overwrite(key: string, data: Readable) {
      if (!STORAGE_KEY_PATTERN.test(key)) throw new Error(`invalid storage key ${key}`);
      // A PUT over an existing key replaces the object only once the new one is complete.
      await new Upload({ client, params: { Bucket: config.bucket, Key: objectKey(key), Body: data } }).done();
    },
    async *list(area: StorageArea) {
      const prefix = objectKey(`${area}/`);
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: config.bucket, Prefix: prefix, ContinuationToken: token }));
        for (const object of page.Contents ?? []) {
          const key = (object.Key ?? '').slice(prefix.length - area.length - 1);
          if (STORAGE_KEY_PATTERN.test(key)) yield key;
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async remove(key: string) {
      if (!STORAGE_KEY_PATTERN.test(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
    },
    async ping() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: config.bucket }), { abortSignal: AbortSignal.timeout(2000) });
        return true;
      } catch {
        return false;
      }
    },
  };
}

/** Describes why the bucket cannot be used, for the one line printed when the start is refused. */
export async function assertBucketReachable(config: S3Config): Promise<void> {
  const { HeadBucketCommand, S3Client, S3ServiceException } = await loadSdk();
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: Boolean(config.endpoint),
    credentials: config.credentials,
    maxAttempts: 1,
  });
  try {
    await client.send(new HeadBucketCommand({ Bucket: config.bucket }), { abortSignal: AbortSignal.timeout(5000) });
  } catch (error) {
    const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
    const reason =
      status === 404
        ? 'le bucket n’existe pas'
        : status === 403 || status === 401
          ? 'accès refusé (S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY)'
          : `injoignable (${error instanceof Error ? error.message || error.name : String(error)})`;
    throw new StorageUnreachableError(
      `stockage objet s3://${config.bucket}${config.endpoint ? ` sur ${config.endpoint}` : ''} : ${reason}`,
    );
  } finally {
    client.destroy();
  }
}
