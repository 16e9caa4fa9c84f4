import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll } from 'vitest';
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  ListObjectsV2Command,
  type S3Client,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../config';
import { openS3, type S3Connection } from '../platform/s3-store';

// A bucket of its own for a test file, on a real S3-compatible server (scripts/s3-test-server.mjs):
// the one CI started (TEST_S3_ENDPOINT), or else one started here for this file and stopped with it.

const root = path.resolve(import.meta.dirname, '../../../..');
let serial = 0;

async function startServer(): Promise<{ endpoint: string; stop: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'jamii-s3-'));
  const child: ChildProcess = spawn(
    process.execPath,
    ['--openssl-legacy-provider', 'scripts/s3-test-server.mjs', '--port', '0', '--dir', dir],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = once(child, 'exit');
  const lines = createInterface({ input: child.stdout! });
  const endpoint = await new Promise<string>((resolve, reject) => {
    lines.on('line', (line) => {
      const match = /^S3 server on (http:\/\/\S+)$/.exec(line);
      if (match) resolve(match[1]!);
    });
    void exited.then(() => reject(new Error('the S3 test server stopped before it answered')));
  });
  return {
    endpoint,
    async stop() {
      lines.close();
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface TestBucket {
  settings: S3Settings;
  /** The settings as a server process reads them. */
  env: { STORAGE_URL: string; AWS_ACCESS_KEY_ID: string; AWS_SECRET_ACCESS_KEY: string };
  s3: S3Connection;
  client: S3Client;
  /** Empties and removes the bucket (and stops the server if this file started it). */
  close(): Promise<void>;
}

export async function openTestBucket(): Promise<TestBucket> {
  const shared = process.env.TEST_S3_ENDPOINT;
  const server = shared ? undefined : await startServer();
  const endpoint = shared ?? server!.endpoint;
  const bucket = `jamii-t${process.pid}-${++serial}-${Math.random().toString(36).slice(2, 8)}`;
  const settings: S3Settings = {
    driver: 's3',
    bucket,
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    // s3rver's one account.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
  const s3 = await openS3(settings);
  const { client } = s3;
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    settings,
    env: {
      STORAGE_URL: `s3://${bucket}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1&forcePathStyle=true`,
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    },
    s3,
    client,
    async close() {
      try {
        const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
        for (const item of listed.Contents ?? [])
          await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: item.Key! }));
        await client.send(new DeleteBucketCommand({ Bucket: bucket }));
      } finally {
        client.destroy();
        await server?.stop();
      }
    },
  };
}

/** A bucket of its own for a test file: opened before its tests, emptied and removed after them. */
export function useTestBucket(): () => TestBucket {
  let bucket: TestBucket | undefined;
  beforeAll(async () => {
    bucket = await openTestBucket();
  }, 60_000);
  afterAll(() => bucket?.close());
  return () => {
    if (!bucket) throw new Error('the test bucket is opened in beforeAll');
    return bucket;
  };
}
