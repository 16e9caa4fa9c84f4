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

  it('reads from no replica by default; DATABASE_REPLICA_URLS lists PostgreSQL replicas beside DATABASE_URL', () => {
    expect(parseConfig({})).toMatchObject({ databaseReplicaUrls: [], replicaMaxLagSeconds: 5 });
    const primary = 'postgres://jamii@db-primary/jamii';
    const c = parseConfig({
      DATABASE_URL: primary,
      DATABASE_REPLICA_URLS: 'postgres://jamii@db-r1/jamii, postgresql://jamii@db-r2/jamii',
      REPLICA_MAX_LAG_S: '0.5',
    });
    expect(c.databaseReplicaUrls).toEqual(['postgres://jamii@db-r1/jamii', 'postgresql://jamii@db-r2/jamii']);
    expect(c.replicaMaxLagSeconds).toBe(0.5);
    expect(() => parseConfig({ DATABASE_REPLICA_URLS: 'postgres://jamii@db-r1/jamii' })).toThrow(
      'DATABASE_REPLICA_URLS: needs DATABASE_URL: replicas follow a PostgreSQL primary, not the embedded database',
    );
    // The entry is named by its place: a URL may hold a password, and the message is logged.
    expect(() =>
      parseConfig({
        DATABASE_URL: primary,
        DATABASE_REPLICA_URLS: 'postgres://a@r1/j,mysql://u:secret@r2/j',
      }),
    ).toThrow('DATABASE_REPLICA_URLS: entry 2 is not a postgres:// URL (a comma-separated list of them)');
    expect(() => parseConfig({ DATABASE_URL: primary, REPLICA_MAX_LAG_S: '0' })).toThrow(
      'REPLICA_MAX_LAG_S: must be at least 0.1',
    );
  });

  it('polls then upgrades by default; REALTIME_TRANSPORTS=websocket drops polling for balancers without sticky sessions', () => {
    expect(parseConfig({}).realtimeTransports).toEqual(['polling', 'websocket']);
    expect(parseConfig({ REALTIME_TRANSPORTS: 'websocket' }).realtimeTransports).toEqual(['websocket']);
    expect(() => parseConfig({ REALTIME_TRANSPORTS: 'polling' })).toThrow(
      'REALTIME_TRANSPORTS: must be polling,websocket (one instance, or a balancer with sticky sessions) or websocket (a balancer without them)',
    );
  });

  it('treats an empty variable as unset', () => {
    expect(parseConfig({ DATABASE_URL: '', PORT: '' }).databaseUrl).toBeUndefined();
  });

  it('waits 30 s for a request to arrive unless told otherwise', () => {
    expect(parseConfig({}).requestTimeoutMs).toBe(30_000);
    expect(parseConfig({ REQUEST_TIMEOUT_MS: '5000' }).requestTimeoutMs).toBe(5000);
    expect(() => parseConfig({ REQUEST_TIMEOUT_MS: '0' })).toThrow(
      /REQUEST_TIMEOUT_MS: must be at least 100/,
    );
  });

  it('asks Daraja about a payment pending 2 minutes unless PAYMENT_PENDING_QUERY_MS says otherwise', () => {
    expect(parseConfig({}).paymentPendingQueryMs).toBe(120_000);
    expect(parseConfig({ PAYMENT_PENDING_QUERY_MS: '3000' }).paymentPendingQueryMs).toBe(3000);
    expect(() => parseConfig({ PAYMENT_PENDING_QUERY_MS: '500' })).toThrow(
      'PAYMENT_PENDING_QUERY_MS: must be at least 1000 (a second): the payer needs time to answer the PIN prompt',
    );
    expect(() => parseConfig({ PAYMENT_PENDING_QUERY_MS: '2h' })).toThrow(
      'PAYMENT_PENDING_QUERY_MS: must be a whole number of milliseconds (120000 is two minutes)',
    );
    expect(() => parseConfig({ PAYMENT_PENDING_QUERY_MS: '1.5e3' })).toThrow(/PAYMENT_PENDING_QUERY_MS:/);
    expect(() => parseConfig({ PAYMENT_PENDING_QUERY_MS: '7200000' })).toThrow(
      'PAYMENT_PENDING_QUERY_MS: must be at most 3600000 (an hour): a payment should not wait longer to be asked about',
    );
  });

  it('gives each member 1024 MB of storage unless told otherwise', () => {
    expect(parseConfig({}).storageQuotaBytes).toBe(1024 * 1024 * 1024);
    expect(parseConfig({ STORAGE_QUOTA_MB: '50' }).storageQuotaBytes).toBe(50 * 1024 * 1024);
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
    // Settings are numbers written in plain digits, as request fields are.
    [{ PORT: '0x10' }, 'PORT'],
    [{ VIDEO_MAX_MB: '2e2' }, 'VIDEO_MAX_MB'],
    [{ JOB_LEASE_SECONDS: ' 60' }, 'JOB_LEASE_SECONDS'],
    [{ REQUEST_TIMEOUT_MS: '30s' }, 'REQUEST_TIMEOUT_MS'],
    [{ REQUEST_TIMEOUT_MS: '50' }, 'REQUEST_TIMEOUT_MS'],
    [{ STORAGE_QUOTA_MB: '0' }, 'STORAGE_QUOTA_MB'],
    [{ STORAGE_QUOTA_MB: '1GB' }, 'STORAGE_QUOTA_MB'],
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

describe('TRUST_PROXY', () => {
  it('believes no forwarded address by default, nor when off', () => {
    expect(parseConfig({}).trustProxy).toBe(false);
    for (const off of ['off', 'OFF', 'false', '0'])
      expect(parseConfig({ TRUST_PROXY: off }).trustProxy).toBe(false);
  });

  it('takes a hop count or a comma list of proxy addresses, CIDRs and proxy-addr names', () => {
    expect(parseConfig({ TRUST_PROXY: '1' }).trustProxy).toEqual({ hops: 1 });
    expect(parseConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 });
    expect(parseConfig({ TRUST_PROXY: '10.0.0.5' }).trustProxy).toEqual({ proxies: ['10.0.0.5'] });
    expect(parseConfig({ TRUST_PROXY: ' 10.0.0.0/8, fd00::/8 ,loopback,' }).trustProxy).toEqual({
      proxies: ['10.0.0.0/8', 'fd00::/8', 'loopback'],
    });
  });

  it.each(['on', 'true', 'TRUE', 'yes'])('refuses %s at start-up, naming the choices', (value) => {
    expect(() => parseConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => parseConfig({ TRUST_PROXY: value })).toThrow(
      /TRUST_PROXY: .*would believe any X-Forwarded-For a client writes.*set off, the number of proxies in front of the server \(1, 2\), or a comma list of their addresses or CIDRs/,
    );
  });

  it.each([
    ['10.0.0.300', /"10.0.0.300" is not an address or CIDR: set off, the number of proxies/],
    ['10.0.0.0/33', /"10.0.0.0\/33" is not an address or CIDR/],
    ['fd00::/129', /"fd00::\/129" is not an address or CIDR/],
    [
      'proxy.example.co.ke, 10.0.0.1/8/8',
      /"proxy.example.co.ke", "10.0.0.1\/8\/8" are not addresses or CIDRs/,
    ],
    [',', /an empty list is not an address or CIDR/],
    ['50', /at most 10/],
  ])('refuses %s with a message saying why', (value, message) => {
    expect(() => parseConfig({ TRUST_PROXY: value })).toThrow(message);
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
