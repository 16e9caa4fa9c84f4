import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config';

describe('settings', () => {
  it('has embedded defaults: port 3000, PGlite under ./data, demo seed and limits on', () => {
    const c = parseConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      seedDemo: true,
      rateLimits: true,
    });
    expect(c.dataDir).toMatch(/data$/);
    expect(c.publicUrl).toBe('http://localhost:3000');
  });

  it('runs requests and jobs by default; ROLE picks web or worker, and names the choices when wrong', () => {
    expect(parseConfig({}).role).toBe('all');
    expect(parseConfig({ ROLE: 'web' }).role).toBe('web');
    expect(parseConfig({ ROLE: 'worker' }).role).toBe('worker');
    expect(() => parseConfig({ ROLE: 'workers' })).toThrow(
      /ROLE: must be all \(answer requests and run background jobs\), web \(answer requests only\) or worker/,
    );
  });

  it('waits 15 s for a PostgreSQL answer unless DATABASE_TIMEOUT_MS says otherwise', () => {
    expect(parseConfig({}).databaseTimeoutMs).toBe(15_000);
    expect(parseConfig({ DATABASE_TIMEOUT_MS: '2000' }).databaseTimeoutMs).toBe(2_000);
    expect(() => parseConfig({ DATABASE_TIMEOUT_MS: '0' })).toThrow(/DATABASE_TIMEOUT_MS/);
  });

  it('gives the embedded database 32 MiB of shared buffers unless PGLITE_BUFFERS_MB says otherwise', () => {
    expect(parseConfig({}).pgliteBuffersMb).toBe(32);
    expect(parseConfig({ PGLITE_BUFFERS_MB: '128' }).pgliteBuffersMb).toBe(128);
    expect(() => parseConfig({ PGLITE_BUFFERS_MB: '0' })).toThrow(/PGLITE_BUFFERS_MB/);
    expect(() => parseConfig({ PGLITE_BUFFERS_MB: '32MB' })).toThrow(/PGLITE_BUFFERS_MB/);
  });

  it('treats an empty variable as unset', () => {
    expect(parseConfig({ DATABASE_URL: '', PORT: '' }).databaseUrl).toBeUndefined();
  });

  it('normalises admin usernames and switches', () => {
    const c = parseConfig({ ADMIN_USERNAMES: 'Boss_K, @mkuu ,', RATE_LIMITS: 'off', SEED_DEMO: 'false' });
    expect(c.adminUsernames).toEqual(['@boss_k', '@mkuu']);
    expect(c.rateLimits).toBe(false);
    expect(c.seedDemo).toBe(false);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'not a url' }, 'REDIS_URL'],
    [{ RATE_LIMITS: 'maybe' }, 'RATE_LIMITS'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ CONTACT_EMAIL: 'nope' }, 'CONTACT_EMAIL'],
  ])('stops with a message naming the bad setting %j', (env, name) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(new RegExp(`${name}:`));
  });
});

describe('STORAGE_URL', () => {
  it('keeps media under DATA_DIR when unset', () => {
    expect(parseConfig({}).storage).toEqual({ driver: 'local' });
    expect(parseConfig({ STORAGE_URL: '' }).storage).toEqual({ driver: 'local' });
  });

  it('reads a bucket, its endpoint, region and path style, and the keys from AWS_*', () => {
    const c = parseConfig({
      STORAGE_URL:
        's3://jamii-media?endpoint=https://minio.example.co.ke:9000/&region=af-south-1&forcePathStyle=true',
      AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      AWS_SECRET_ACCESS_KEY: 'secret',
    });
    expect(c.storage).toEqual({
      driver: 's3',
      bucket: 'jamii-media',
      endpoint: 'https://minio.example.co.ke:9000',
      region: 'af-south-1',
      forcePathStyle: true,
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'secret',
    });
    expect(parseConfig({ STORAGE_URL: 's3://media.jamii?region=eu-west-1' }).storage).toMatchObject({
      endpoint: undefined,
      forcePathStyle: false,
      accessKeyId: undefined,
    });
  });

  it.each([
    ['https://bucket', /must look like s3:\/\/bucket/],
    ['s3://', /must look like|not a bucket name/],
    ['s3://My_Bucket?region=x', /is not a bucket name/],
    ['s3://bucket/folder?region=x', /takes no path/],
    ['s3://bucket', /needs a region/],
    ['s3://bucket?region=x&endpont=http://h', /unknown parameter "endpont"/],
    ['s3://bucket?region=x&endpoint=minio:9000', /endpoint must be an http/],
    ['s3://bucket?region=x&forcePathStyle=yes', /forcePathStyle must be true or false/],
    ['s3://key:secret@bucket?region=x', /must not hold keys/],
  ])('stops on %s with a message naming STORAGE_URL', (value, message) => {
    expect(() => parseConfig({ STORAGE_URL: value })).toThrow(ConfigError);
    expect(() => parseConfig({ STORAGE_URL: value })).toThrow(/STORAGE_URL:/);
    expect(() => parseConfig({ STORAGE_URL: value })).toThrow(message);
  });

  it('wants both keys or neither', () => {
    expect(() => parseConfig({ STORAGE_URL: 's3://bucket?region=x', AWS_ACCESS_KEY_ID: 'id' })).toThrow(
      /AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together/,
    );
  });
});
