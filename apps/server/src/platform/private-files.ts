import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Files that only some members may read (CVs, DESIGN §8.4): kept under DATA_DIR/private, which is
 * never served statically; a route that checks who asks streams them. Each file is named by a key
 * such as `cv/<uuid>.pdf`, stored in the database instead of a public URL.
 */
export interface PrivateFiles {
  /** Saves the bytes under a new unique name in the folder; answers the key. */
  put(folder: string, extension: string, data: Buffer): Promise<string>;
  /** The file system path of a key; null when the key would leave the private folder. */
  localPath(key: string): string | null;
  /** Removes a file by its key; a missing file is not an error. */
  remove(key: string | null | undefined): Promise<void>;
  root: string;
}

export const privateFilesRoot = (dataDir: string) => path.join(dataDir, 'private');

export function createPrivateFiles(root: string): PrivateFiles {
  mkdirSync(root, { recursive: true });
  const localPath = (key: string) => {
    const full = path.resolve(root, key);
    return full.startsWith(root + path.sep) ? full : null;
  };
  return {
    root,
    async put(folder, extension, data) {
      const key = `${folder}/${randomUUID()}.${extension}`;
      await mkdir(path.join(root, folder), { recursive: true });
      await writeFile(path.join(root, key), data, { flag: 'wx' });
      return key;
    },
    localPath,
    async remove(key) {
      const file = key ? localPath(key) : null;
      if (file) await rm(file, { force: true });
    },
  };
}
