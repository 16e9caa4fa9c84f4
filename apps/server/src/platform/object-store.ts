import { randomBytes } from 'node:crypto';
import { createReadStream, mkdirSync } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';

// Where uploaded files are kept (docs/design.md#past-one-machine), by key (`avatars/x.webp`, `cv/y.pdf`): a folder on the
// local disk (the default) or a bucket in S3-compatible storage (s3-store.ts). Both drivers answer
// the same contract (object-store.test.ts runs it against each), so the features and the media route
// never know which one they use.

export interface ObjectInfo {
  size: number;
  /** A strong validator, quoted as HTTP wants it (`"…"`). */
  etag: string;
  lastModified: Date;
}

/** A byte range as HTTP asks for one: from start (to end, inclusive), or the last `suffix` bytes. */
export type ByteRange = { start: number; end?: number } | { suffix: number };

export interface ObjectRead extends ObjectInfo {
  body: Readable;
  /** The bytes this body holds, inclusive (0 and size - 1 without a range). */
  start: number;
  end: number;
}

/** A range that starts past the end of the object (HTTP 416); `size` is the object's whole size. */
export class RangeNotSatisfiableError extends Error {
  override name = 'RangeNotSatisfiableError';
  constructor(readonly size: number) {
    super(`range not satisfiable (size ${size})`);
  }
}

export interface ListedObject {
  key: string;
  size: number;
}

export interface ObjectStore {
  readonly kind: 'local' | 's3';
  /** Where the objects are, for logs: a folder, or s3://bucket/prefix. */
  readonly location: string;
  /** Stores the bytes under the key (replacing any object there). */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /**
   * Stores a file from the local disk (a video, hundreds of megabytes) without holding it in memory.
   * With `move`, the source is gone afterwards; otherwise it is left as it was.
   */
  putFile(key: string, sourcePath: string, contentType: string, opts?: { move?: boolean }): Promise<void>;
  /** Size and validators; null when there is no such object. */
  head(key: string): Promise<ObjectInfo | null>;
  /** The object's bytes (or a range of them); null when there is no such object. */
  get(key: string, range?: ByteRange): Promise<ObjectRead | null>;
  /** Removes an object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with the prefix (in no promised order). */
  list(prefix?: string): AsyncIterable<ListedObject>;
  /** The local disk path of a key (the local driver only), so ffmpeg can read it in place. */
  localPath?(key: string): string | null;
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** Keys are relative paths of plain names: never absolute, never `..`, never empty parts. */
export function isSafeKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  return key.split('/').every((part) => SEGMENT.test(part) && part !== '..' && !part.endsWith('.part'));
}

function assertSafeKey(key: string) {
  if (!isSafeKey(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
}

export const uniqueName = (extension: string) =>
  `${Date.now().toString(36)}-${randomBytes(8).toString('hex')}.${extension}`;

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  pdf: 'application/pdf',
};

/** The media type of a key, by its extension (every stored name ends with the one it was given). */
export function contentTypeOf(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

/** The inclusive byte bounds of a range on an object of `size` bytes; throws when none are left. */
export function resolveRange(range: ByteRange | undefined, size: number): { start: number; end: number } {
  if (!range) return { start: 0, end: size - 1 };
  if ('suffix' in range) {
    if (range.suffix <= 0 || size === 0) throw new RangeNotSatisfiableError(size);
    return { start: Math.max(0, size - range.suffix), end: size - 1 };
  }
  if (range.start >= size) throw new RangeNotSatisfiableError(size);
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}

const infoOf = (size: number, mtime: Date): ObjectInfo => ({
  size,
  // As @fastify/static made them, so caches that hold the old answers revalidate to 304.
  etag: `"${size.toString(16)}-${mtime.getTime().toString(16)}"`,
  lastModified: mtime,
});

const isMissing = (err: unknown) => {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
};

/** The local driver: objects are files under `root`, each written whole under a temporary name first. */
export function createLocalObjectStore(root: string): ObjectStore {
  const base = path.resolve(root);
  mkdirSync(base, { recursive: true });
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(base, ...key.split('/'));
  };
  const partial = (file: string) => `${file}.${randomBytes(4).toString('hex')}.part`;

  async function* walk(folder: string, relative: string): AsyncGenerator<ListedObject> {
    const entries = await readdir(folder, { withFileTypes: true }).catch((err: unknown) => {
      if (isMissing(err)) return [];
      throw err;
    });
    for (const entry of entries) {
      const key = relative ? `${relative}/${entry.name}` : entry.name;
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) yield* walk(full, key);
      else if (entry.isFile() && isSafeKey(key)) yield { key, size: (await stat(full)).size };
    }
  }

  return {
    kind: 'local',
    location: base,
    async put(key, data) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const part = partial(file);
      try {
        await writeFile(part, data);
        await rename(part, file);
      } finally {
        await rm(part, { force: true });
      }
    },
    async putFile(key, sourcePath, _contentType, opts = {}) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      if (opts.move) {
        try {
          // The same disk (DATA_DIR/tmp and DATA_DIR/media): a rename, so the file appears whole at once.
          await rename(sourcePath, file);
          return;
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
        }
      }
      const part = partial(file);
      try {
        await copyFile(sourcePath, part);
        await rename(part, file);
      } finally {
        await rm(part, { force: true });
      }
      if (opts.move) await rm(sourcePath, { force: true });
    },
    async head(key) {
      if (!isSafeKey(key)) return null;
      const info = await stat(fileOf(key)).catch((err: unknown) => {
        if (isMissing(err)) return null;
        throw err;
      });
      return info?.isFile() ? infoOf(info.size, info.mtime) : null;
    },
    async get(key, range) {
      const info = await this.head(key);
      if (!info) return null;
      const { start, end } = resolveRange(range, info.size);
      // An empty file has no bytes to stream (a read stream cannot be given an end before its start).
      const body = info.size === 0 ? Readable.from([]) : createReadStream(fileOf(key), { start, end });
      return { ...info, body, start, end };
    },
    async delete(key) {
      if (isSafeKey(key)) await rm(fileOf(key), { force: true });
    },
    async *list(prefix = '') {
      // Walk only the folder the prefix names, then filter by the rest of it.
      const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
      if (folder && !isSafeKey(folder)) return;
      for await (const item of walk(folder ? fileOf(folder) : base, folder)) {
        if (item.key.startsWith(prefix)) yield item;
      }
    },
    localPath(key) {
      return isSafeKey(key) ? fileOf(key) : null;
    },
  };
}
