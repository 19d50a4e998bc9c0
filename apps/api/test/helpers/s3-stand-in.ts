import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

// s3rver: an S3 stand-in on loopback speaking S3's REST wire format (signed requests, XML errors), objects on disk.
interface S3rverServer {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverServer;

export const S3_STAND_IN_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface S3StandIn {
  endpoint: string;
  port: number;
  directory: string;
  /** S3_* variables for a product process using this stand-in. */
  env(bucket: string, prefix?: string): Record<string, string>;
  close(): Promise<void>;
}

/** Starts s3rver with the given buckets, or returns null (with the reason) when the package cannot run here. */
export async function startS3StandIn(buckets: string[], port = 0): Promise<S3StandIn | { unavailable: string }> {
  let S3rver: S3rverClass;
  try {
    S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;
  } catch (error) {
    return { unavailable: `s3rver cannot be loaded (${(error as Error).message})` };
  }
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    port: address.port,
    directory,
    env: (bucket, prefix) => ({
      STORAGE_URL: `s3://${bucket}${prefix ? `/${prefix}` : ''}`,
      DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: S3_STAND_IN_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_STAND_IN_CREDENTIALS.secretAccessKey,
    }),
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
