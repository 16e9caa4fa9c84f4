import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const MEDIA_URL_PREFIX = '/media/';

/** Where uploaded files live. Local disk now; an S3-compatible store can implement the same. */
export interface Storage {
  /** Saves the bytes under a new unique name in the folder; answers the public URL. */
  put(folder: string, extension: string, data: Buffer): Promise<string>;
  /**
   * Takes a finished file from the local disk (a processed video, hundreds of megabytes) without
   * holding it in memory, under a new unique name in the folder; answers the public URL. The source
   * is moved, so it is gone afterwards.
   */
  putFile(folder: string, extension: string, sourcePath: string): Promise<string>;
  /** Removes a file by its public URL; a missing file is not an error. */
  remove(url: string | null | undefined): Promise<void>;
  /** The file system path of a public URL, for streaming; null when the URL is not ours. */
  localPath(url: string): string | null;
  root: string;
}

const uniqueName = (extension: string) =>
  `${Date.now().toString(36)}-${randomBytes(8).toString('hex')}.${extension}`;

export function createLocalStorage(root: string): Storage {
  mkdirSync(root, { recursive: true });
  const localPath = (url: string) => {
    if (!url.startsWith(MEDIA_URL_PREFIX)) return null;
    const relative = url.slice(MEDIA_URL_PREFIX.length);
    const full = path.resolve(root, relative);
    return full.startsWith(root + path.sep) ? full : null;
  };
  return {
    root,
    async put(folder, extension, data) {
      const name = uniqueName(extension);
      await mkdir(path.join(root, folder), { recursive: true });
      await writeFile(path.join(root, folder, name), data);
      return `${MEDIA_URL_PREFIX}${folder}/${name}`;
    },
    async putFile(folder, extension, sourcePath) {
      const name = uniqueName(extension);
      const target = path.join(root, folder, name);
      await mkdir(path.join(root, folder), { recursive: true });
      try {
        // The same disk (DATA_DIR/tmp and DATA_DIR/media): a rename, so the file appears whole at once.
        await rename(sourcePath, target);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
        const partial = `${target}.part`;
        try {
          await copyFile(sourcePath, partial);
          await rename(partial, target);
        } finally {
          await rm(partial, { force: true });
        }
        await rm(sourcePath, { force: true });
      }
      return `${MEDIA_URL_PREFIX}${folder}/${name}`;
    },
    async remove(url) {
      const file = url ? localPath(url) : null;
      if (file) await rm(file, { force: true });
    },
    localPath,
  };
}
