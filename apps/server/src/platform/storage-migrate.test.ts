import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestBucket } from '../test/s3-server';
import { createLocalObjectStore, type ObjectStore } from './object-store';
import { createS3ObjectStore } from './s3-store';
import { copyObjects } from './storage-migrate';

// `npm run storage:migrate`: a data folder's media and CVs into a bucket (a real S3-compatible
// server), idempotent, reporting what it did.

const root = path.resolve(import.meta.dirname, '../../../..');
const work = mkdtempSync(path.join(tmpdir(), 'jamii-migrate-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const bucket = useTestBucket();

function writeFiles(dataDir: string, files: Record<string, string>) {
  for (const [name, text] of Object.entries(files)) {
    const full = path.join(dataDir, name);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, text);
  }
}

/** A folder of the test's own (`name` under the work folder) holding `files`, by path and text. */
function folderWith(name: string, files: Record<string, string>) {
  const dir = path.join(work, name);
  writeFiles(dir, files);
  return dir;
}

async function keysIn(store: ObjectStore) {
  const found: Record<string, string> = {};
  for await (const item of store.list())
    found[item.key] = (await buffer((await store.get(item.key))!.body)).toString();
  return found;
}

describe('copyObjects', () => {
  it('copies every file once, skips what is already there, and recopies a file whose size differs', async () => {
    const files = {
      'avatars/a.webp': 'avatar',
      'posts/b.webp': 'post picture',
      'videos/c.mp4': 'a video',
      'renditions/d.mp4': 'low data',
    };
    const dir = folderWith('copy', files);
    const from = createLocalObjectStore(dir);
    const to = createS3ObjectStore(bucket().s3, bucket().settings.bucket, 'copy/');
    const seen: number[] = [];
    const first = await copyObjects(from, to, (p) => seen.push(p.seen));
    expect(first).toMatchObject({ seen: 4, copied: 4, skipped: 0, failed: 0, bytes: 33 });
    expect(seen.length).toBe(4);
    expect(await keysIn(to)).toEqual(files);

    const again = await copyObjects(from, to);
    expect(again).toMatchObject({ seen: 4, copied: 0, skipped: 4, failed: 0, bytes: 0 });

    writeFiles(dir, { 'posts/b.webp': 'a cut-off upload, now whole', 'avatars/e.webp': 'new' });
    const third = await copyObjects(from, to);
    expect(third).toMatchObject({ seen: 5, copied: 2, skipped: 3, failed: 0 });
    expect((await keysIn(to))['posts/b.webp']).toBe('a cut-off upload, now whole');
  });

  it('reports the files it could not copy instead of stopping', async () => {
    const dir = folderWith('refused', { 'avatars/a.webp': 'avatar', 'avatars/b.webp': 'b' });
    const target = createS3ObjectStore(bucket().s3, bucket().settings.bucket, 'refused/');
    const refusing: ObjectStore = {
      ...target,
      list: () => target.list(),
      putFile: (key, ...rest) =>
        key === 'avatars/b.webp' ? Promise.reject(new Error('Access Denied')) : target.putFile(key, ...rest),
    };
    const report = await copyObjects(createLocalObjectStore(dir), refusing);
    expect(report).toMatchObject({ seen: 2, copied: 1, failed: 1 });
    expect(report.failures).toEqual([{ key: 'avatars/b.webp', error: 'Access Denied' }]);
  });
});

describe('npm run storage:migrate', () => {
  const runTool = (env: Record<string, string>, args: string[] = []) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/platform/storage-migrate-cli.ts', ...args],
      {
        cwd: root,
        env: { ...process.env, STORAGE_URL: '', AWS_ACCESS_KEY_ID: '', AWS_SECRET_ACCESS_KEY: '', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    return once(child, 'exit').then(([code]) => ({ code: code as number, output }));
  };

  it("copies a data folder's media and private files into the bucket under the keys the app reads", async () => {
    const dataDir = folderWith('data', {
      'media/avatars/a.webp': 'avatar',
      'media/videos/v.mp4': 'video',
      'private/cv/c.pdf': '%PDF-1.4',
      'pglite/base/1': 'not media: left alone',
    });
    const first = await runTool({ ...bucket().env, DATA_DIR: dataDir });
    expect(first.code, first.output).toBe(0);
    expect(first.output).toContain('media: 2 copied, 0 already there, 0 failed');
    expect(first.output).toContain('private: 1 copied, 0 already there, 0 failed');
    const everything = createS3ObjectStore(bucket().s3, bucket().settings.bucket, '');
    const keys = Object.keys(await keysIn(everything)).filter(
      (k) => !k.startsWith('copy/') && !k.startsWith('refused/'),
    );
    expect(keys.sort()).toEqual(['media/avatars/a.webp', 'media/videos/v.mp4', 'private/cv/c.pdf']);

    const second = await runTool({ ...bucket().env }, ['--from', dataDir]);
    expect(second.code, second.output).toBe(0);
    expect(second.output).toContain('media: 0 copied, 2 already there, 0 failed');
  }, 60_000);

  it('refuses to start without a bucket, or with a wrong one, saying why', async () => {
    const none = await runTool({ DATA_DIR: work });
    expect(none.code).toBe(2);
    expect(none.output).toContain('STORAGE_URL is not set');
    const bad = await runTool({ DATA_DIR: work, STORAGE_URL: 's3://B?region=x' });
    expect(bad.code).toBe(2);
    expect(bad.output).toContain('is not a bucket name');
    const wrongKey = await runTool({
      ...bucket().env,
      AWS_SECRET_ACCESS_KEY: 'wrong',
      DATA_DIR: path.join(work, 'data'),
    });
    expect(wrongKey.code).not.toBe(0);
    expect(wrongKey.output).toMatch(/signature/i);
  }, 60_000);
});
