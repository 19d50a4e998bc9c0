import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/platform/config';

const KEY = Buffer.alloc(32, 7).toString('base64');

// docs/product/scaling.md: the configuration of the shared pieces, each settable alone.
describe('configuration of the shared pieces', () => {
  it('refuses to start with a shared database or object store and no DATA_ENCRYPTION_KEY (docs/configuration.md)', () => {
    const line = /^Configuration invalide : DATA_ENCRYPTION_KEY est obligatoire avec STORAGE_URL ou DATABASE_URL/;
    expect(() => loadConfig({ STORAGE_URL: 's3://asbe-uploads' })).toThrow(line);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@db/asbe' })).toThrow(line);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db/asbe', DATA_ENCRYPTION_KEY: KEY }).encryption.key).toHaveLength(32);
    expect(loadConfig({}).encryption.key).toBeUndefined();
  });

  it('keeps the embedded defaults when nothing is set', () => {
    const c = loadConfig({});
    expect(c.redisUrl).toBeUndefined();
    expect(c.storage).toEqual({ kind: 'local' });
  });

  it('reads STORAGE_URL=s3://BUCKET[/PREFIX] with its S3 settings', () => {
    expect(loadConfig({ STORAGE_URL: 's3://asbe-uploads', DATA_ENCRYPTION_KEY: KEY }).storage).toEqual({
      kind: 's3',
      bucket: 'asbe-uploads',
      prefix: '',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
    });
    expect(
      loadConfig({
        STORAGE_URL: 's3://asbe-uploads/prod/fichiers/',
        DATA_ENCRYPTION_KEY: KEY,
        S3_ENDPOINT: 'http://minio:9000',
        S3_REGION: 'eu-west-3',
        S3_ACCESS_KEY_ID: 'cle',
        S3_SECRET_ACCESS_KEY: 'secret',
      }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'asbe-uploads',
      prefix: 'prod/fichiers',
      endpoint: 'http://minio:9000',
      region: 'eu-west-3',
      credentials: { accessKeyId: 'cle', secretAccessKey: 'secret' },
    });
  });

  it('stops the start with one line naming the variable', () => {
    expect(() => loadConfig({ STORAGE_URL: 'https://bucket.example.org' })).toThrow(/^Configuration invalide : STORAGE_URL/);
    expect(() => loadConfig({ STORAGE_URL: 's3://' })).toThrow(/STORAGE_URL/);
    expect(() => loadConfig({ STORAGE_URL: 's3://b-1', S3_ACCESS_KEY_ID: 'cle', DATA_ENCRYPTION_KEY: KEY })).toThrow(
      /S3_ACCESS_KEY_ID et S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ REDIS_URL: '127.0.0.1:6379' })).toThrow(/^Configuration invalide : REDIS_URL/);
    expect(() => loadConfig({ REDIS_KEY_PREFIX: 'a b' })).toThrow(/REDIS_KEY_PREFIX/);
    expect(() => loadConfig({ RATE_LIMIT_LOGIN_ADDRESS: '0' })).toThrow(/RATE_LIMIT_LOGIN_ADDRESS/);
  });

  it('reads REDIS_URL, its key prefix and the per-address login ceiling', () => {
    const c = loadConfig({ REDIS_URL: 'redis://redis:6379/2', REDIS_KEY_PREFIX: 'asso-prod:', RATE_LIMIT_LOGIN_ADDRESS: '500' });
    expect(c.redisUrl).toBe('redis://redis:6379/2');
    expect(c.redisKeyPrefix).toBe('asso-prod:');
    expect(c.rateLimits.loginPerAddress).toBe(500);
    expect(loadConfig({ REDIS_URL: 'rediss://user:pw@redis.example.org:6380' }).redisUrl).toBe('rediss://user:pw@redis.example.org:6380');
  });
});
