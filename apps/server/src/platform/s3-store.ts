import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Settings } from '../config';
import {
  isSafeKey,
  RangeNotSatisfiableError,
  resolveRange,
  type ObjectInfo,
  type ObjectStore,
} from './object-store';

// The S3 driver (docs/design.md#past-one-machine): objects in one bucket of any S3-compatible store (AWS S3, MinIO,
// Cloudflare R2, Backblaze B2, Garage, s3rver in the tests), under a key prefix per kind of file
// (`media/`, `private/`). Nothing is public in the bucket: the app serves every file itself.

type Sdk = typeof S3Sdk;

/** A client and the SDK it came from: loaded only when STORAGE_URL names a bucket (~0.3 s to load). */
export interface S3Connection {
  sdk: Sdk;
  client: S3Sdk.S3Client;
}

/** One client per process and bucket: it keeps a pool of connections to the store. */
export async function openS3(settings: S3Settings): Promise<S3Connection> {
  const sdk = await import('@aws-sdk/client-s3');
  const client = new sdk.S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? {
          credentials: {
            accessKeyId: settings.accessKeyId,
            secretAccessKey: settings.secretAccessKey,
          },
        }
      : {}),
    // Checksums only where an operation requires one: many S3-compatible stores refuse the
    // aws-chunked uploads with trailing CRC checksums that newer SDKs send by default.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return { sdk, client };
}

/** The HTTP status of an error the store answered (S3ServiceException carries it in $metadata). */
const statusOf = (err: unknown) =>
  (err as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;

const isNotFound = (err: unknown) => statusOf(err) === 404 || (err as Error | null)?.name === 'NoSuchKey';

const rangeHeader = (range: { start: number; end?: number | undefined }) =>
  `bytes=${range.start}-${range.end ?? ''}`;

/** `bytes 0-99/1234` → [0, 99, 1234]. */
function parseContentRange(value: string | undefined): [number, number, number] | null {
  const match = value ? /^bytes (\d+)-(\d+)\/(\d+)$/.exec(value) : null;
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

const quoted = (etag: string | undefined) => (etag?.startsWith('"') ? etag : `"${etag ?? ''}"`);

export function createS3ObjectStore(s3: S3Connection, bucket: string, prefix: string): ObjectStore {
  const { client } = s3;
  const { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand } =
    s3.sdk;
  const Bucket = bucket;
  const keyOf = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
    return `${prefix}${key}`;
  };

  async function head(key: string): Promise<ObjectInfo | null> {
    if (!isSafeKey(key)) return null;
    try {
      const res = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }));
      return {
        size: res.ContentLength ?? 0,
        etag: quoted(res.ETag),
        lastModified: res.LastModified ?? new Date(0),
      };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  return {
    kind: 's3',
    location: `s3://${bucket}/${prefix}`,
    async put(key, data, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: keyOf(key), Body: data, ContentType: contentType }),
      );
    },
    async putFile(key, sourcePath, contentType, opts = {}) {
      const { size } = await stat(sourcePath);
      // One PUT streams the file (S3 takes up to 5 GB in one; uploads here are at most VIDEO_MAX_MB).
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: keyOf(key),
          Body: createReadStream(sourcePath),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
      if (opts.move) await rm(sourcePath, { force: true });
    },
    head,
    async get(key, wanted) {
      if (!isSafeKey(key)) return null;
      let range = wanted;
      if (range && 'suffix' in range) {
        // Not every S3-compatible store reads `bytes=-N` (s3rver takes it as 0-N): ask by bounds.
        const info = await head(key);
        if (!info) return null;
        range = resolveRange(range, info.size);
      }
      try {
        const res = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: keyOf(key),
            ...(range ? { Range: rangeHeader(range) } : {}),
          }),
        );
        const body = res.Body as Readable;
        const length = res.ContentLength ?? 0;
        const bounds = parseContentRange(res.ContentRange) ?? [0, length - 1, length];
        return {
          body,
          start: bounds[0],
          end: bounds[1],
          size: bounds[2],
          etag: quoted(res.ETag),
          lastModified: res.LastModified ?? new Date(0),
        };
      } catch (err) {
        if (isNotFound(err)) return null;
        if (statusOf(err) === 416) {
          const info = await head(key);
          if (!info) return null;
          throw new RangeNotSatisfiableError(info.size);
        }
        throw err;
      }
    },
    async delete(key) {
      if (!isSafeKey(key)) return;
      // S3 answers 204 for a key that is not there, so a repeated delete is harmless.
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
    async *list(within = '') {
      let ContinuationToken: string | undefined;
      do {
        const res = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: `${prefix}${within}`, ContinuationToken }),
        );
        for (const item of res.Contents ?? []) {
          const key = item.Key?.slice(prefix.length);
          if (key && isSafeKey(key)) yield { key, size: item.Size ?? 0 };
        }
        ContinuationToken = res.IsTruncated ? res.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
