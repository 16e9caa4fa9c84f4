import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config';
import {
  contentTypeOf,
  createLocalObjectStore,
  isSafeKey,
  uniqueName,
  type ObjectStore,
} from './object-store';

export const MEDIA_URL_PREFIX = '/media/';

/**
 * Public media (pictures, post images, videos, thumbnails, renditions), named by their URL
 * (`/media/avatars/x.webp`), kept in an object store: DATA_DIR/media or the bucket's `media/` keys.
 * Every name is new, so a file never changes and its URL can be cached for good.
 */
export interface Storage {
  /** Saves the bytes under a new unique name in the folder; answers the public URL. */
  put(folder: string, extension: string, data: Buffer): Promise<string>;
  /**
   * Takes a finished file from the local disk (a processed video, hundreds of megabytes) without
   * holding it in memory, under a new unique name in the folder; answers the public URL. The source
   * is moved (or uploaded and removed), so it is gone afterwards.
   */
  putFile(folder: string, extension: string, sourcePath: string): Promise<string>;
  /** Removes a file by its public URL; a missing file (or a URL that is not ours) is not an error. */
  remove(url: string | null | undefined): Promise<void>;
  /**
   * Runs `use` with a local file holding the URL's bytes (ffmpeg reads files): the stored file itself
   * on the local driver, a temporary copy under `workDir` (removed afterwards) on S3. Null when the
   * URL is not ours or the file is gone.
   */
  withLocalFile<T>(url: string, workDir: string, use: (file: string) => Promise<T>): Promise<T | null>;
  /** The object key of a public URL (`avatars/x.webp`); null when the URL is not ours. */
  keyOf(url: string): string | null;
  store: ObjectStore;
}

export function createStorage(store: ObjectStore): Storage {
  const keyOf = (url: string) => {
    if (!url.startsWith(MEDIA_URL_PREFIX)) return null;
    const key = url.slice(MEDIA_URL_PREFIX.length);
    return isSafeKey(key) ? key : null;
  };
  const newKey = (folder: string, extension: string) => `${folder}/${uniqueName(extension)}`;
  return {
    store,
    keyOf,
    async put(folder, extension, data) {
      const key = newKey(folder, extension);
      await store.put(key, data, contentTypeOf(key));
      return `${MEDIA_URL_PREFIX}${key}`;
    },
    async putFile(folder, extension, sourcePath) {
      const key = newKey(folder, extension);
      await store.putFile(key, sourcePath, contentTypeOf(key), { move: true });
      return `${MEDIA_URL_PREFIX}${key}`;
    },
    async remove(url) {
      const key = url ? keyOf(url) : null;
      if (key) await store.delete(key);
    },
    async withLocalFile(url, workDir, use) {
      const key = keyOf(url);
      if (!key) return null;
      const local = store.localPath?.(key);
      if (local) return (await store.head(key)) ? use(local) : null;
      const read = await store.get(key);
      if (!read) return null;
      await mkdir(workDir, { recursive: true });
      const folder = await mkdtemp(path.join(workDir, 'download-'));
      try {
        const file = path.join(folder, path.basename(key));
        await pipeline(read.body, createWriteStream(file));
        return await use(file);
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
  };
}

/**
 * Files that only some members may read (CVs, docs/design.md#job-applications): DATA_DIR/private (never served
 * statically) or the bucket's `private/` keys; a route that checks who asks streams them. Each file is
 * named by a key such as `cv/<uuid>.pdf`, stored in the database instead of a public URL.
 */
export interface PrivateFiles {
  /** Saves the bytes under a new unique name in the folder; answers the key. */
  put(folder: string, extension: string, data: Buffer): Promise<string>;
  /** Takes a file from the local disk (an upload) under a new unique name; the source is gone after. */
  putFile(folder: string, extension: string, sourcePath: string): Promise<string>;
  /** Removes a file by its key; a missing file is not an error. */
  remove(key: string | null | undefined): Promise<void>;
  store: ObjectStore;
}

export function createPrivateFiles(store: ObjectStore): PrivateFiles {
  // A random name, unguessable and not telling when it was sent.
  const newKey = (folder: string, extension: string) => `${folder}/${randomUUID()}.${extension}`;
  return {
    store,
    async put(folder, extension, data) {
      const key = newKey(folder, extension);
      await store.put(key, data, contentTypeOf(key));
      return key;
    },
    async putFile(folder, extension, sourcePath) {
      const key = newKey(folder, extension);
      await store.putFile(key, sourcePath, contentTypeOf(key), { move: true });
      return key;
    },
    async remove(key) {
      if (key && isSafeKey(key)) await store.delete(key);
    },
  };
}

/** The two stores of a configuration: public media and private files, on the disk or in one bucket. */
export async function openObjectStores(config: Pick<Config, 'dataDir' | 'storage'>): Promise<{
  media: ObjectStore;
  private: ObjectStore;
  /** Ends the connections to the store (none for the local folder). */
  close(): void;
}> {
  if (config.storage.driver === 'local') return localObjectStores(config.dataDir);
  // The SDK is loaded only for a bucket: a start on the local folder does without it.
  const { openS3, createS3ObjectStore } = await import('./s3-store');
  const s3 = await openS3(config.storage);
  return {
    media: createS3ObjectStore(s3, config.storage.bucket, 'media/'),
    private: createS3ObjectStore(s3, config.storage.bucket, 'private/'),
    close: () => s3.client.destroy(),
  };
}

/** DATA_DIR/media and DATA_DIR/private: the default, and what `npm run storage:migrate` copies. */
export function localObjectStores(dataDir: string) {
  return {
    media: createLocalObjectStore(path.join(dataDir, 'media')),
    private: createLocalObjectStore(path.join(dataDir, 'private')),
    close() {},
  };
}
