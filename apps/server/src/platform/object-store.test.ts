import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { S3Client, HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestBucket } from '../test/s3-server';
import {
  createLocalObjectStore,
  isSafeKey,
  RangeNotSatisfiableError,
  type ByteRange,
  type ObjectStore,
} from './object-store';
import { createS3ObjectStore, openS3 } from './s3-store';
import { createStorage } from './storage';

// The storage contract (docs/design.md#past-one-machine), run against both drivers: the local folder and S3 (a real
// S3-compatible server, scripts/s3-test-server.mjs). Whatever the features and the media route rely
// on is here: put, put a file (moved or copied), get whole and by range, head, delete, list.

const bytes = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));
const work = mkdtempSync(path.join(tmpdir(), 'jamii-store-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const bucket = useTestBucket();

const drivers: [string, () => ObjectStore][] = [
  ['local folder', () => createLocalObjectStore(mkdtempSync(path.join(work, 'local-')))],
  [
    'S3',
    () =>
      createS3ObjectStore(bucket().s3, bucket().settings.bucket, `t${Math.random().toString(36).slice(2)}/`),
  ],
];

const read = async (store: ObjectStore, key: string, range?: ByteRange) => {
  const got = await store.get(key, range);
  return got && { ...got, data: await buffer(got.body) };
};

describe.each(drivers)('object store contract: %s', (_name, open) => {
  let store: ObjectStore;
  beforeAll(() => {
    store = open();
  });

  it('puts bytes and gets them back whole, with size and validators', async () => {
    await store.put('avatars/a.webp', bytes, 'image/webp');
    const got = await read(store, 'avatars/a.webp');
    expect(got).toMatchObject({ size: 5000, start: 0, end: 4999 });
    expect(got!.data.equals(bytes)).toBe(true);
    expect(got!.etag).toMatch(/^".+"$/);
    expect(got!.lastModified).toBeInstanceOf(Date);
    const info = await store.head('avatars/a.webp');
    expect(info).toEqual({ size: 5000, etag: got!.etag, lastModified: got!.lastModified });
  });

  it('gets a range: first-last, open-ended, a suffix, and one running past the end', async () => {
    await store.put('videos/r.mp4', bytes, 'video/mp4');
    const middle = await read(store, 'videos/r.mp4', { start: 100, end: 1099 });
    expect(middle).toMatchObject({ start: 100, end: 1099, size: 5000 });
    expect(middle!.data.equals(bytes.subarray(100, 1100))).toBe(true);
    const open = await read(store, 'videos/r.mp4', { start: 4000 });
    expect(open).toMatchObject({ start: 4000, end: 4999 });
    expect(open!.data.equals(bytes.subarray(4000))).toBe(true);
    const suffix = await read(store, 'videos/r.mp4', { suffix: 300 });
    expect(suffix).toMatchObject({ start: 4700, end: 4999 });
    expect(suffix!.data.equals(bytes.subarray(4700))).toBe(true);
    const past = await read(store, 'videos/r.mp4', { start: 4990, end: 9999 });
    expect(past).toMatchObject({ start: 4990, end: 4999 });
    expect(past!.data).toHaveLength(10);
  });

  it('refuses a range that starts past the end, telling the size', async () => {
    await store.put('videos/s.mp4', bytes, 'video/mp4');
    const err = await store.get('videos/s.mp4', { start: 5000 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RangeNotSatisfiableError);
    expect((err as RangeNotSatisfiableError).size).toBe(5000);
  });

  it('answers null for a missing object, and for keys that are not plain names', async () => {
    expect(await store.get('avatars/none.webp')).toBeNull();
    expect(await store.head('avatars/none.webp')).toBeNull();
    for (const key of ['../secret', 'a/../../b', '/etc/passwd', 'a//b', '', 'a/b c', 'x.part']) {
      expect(isSafeKey(key)).toBe(false);
      expect(await store.get(key)).toBeNull();
      expect(await store.head(key)).toBeNull();
    }
    await expect(store.put('../escape', bytes, 'image/webp')).rejects.toThrow(/not a storage key/);
  });

  it('replaces an object put again under the same key', async () => {
    await store.put('posts/p.webp', bytes, 'image/webp');
    await store.put('posts/p.webp', Buffer.from('second'), 'image/webp');
    expect((await read(store, 'posts/p.webp'))!.data.toString()).toBe('second');
  });

  it('puts a file from the disk: moved (the source is gone) or copied (the source stays)', async () => {
    const moved = path.join(work, `moved-${Math.random()}`);
    writeFileSync(moved, bytes);
    await store.putFile('videos/m.mp4', moved, 'video/mp4', { move: true });
    expect(existsSync(moved)).toBe(false);
    expect((await read(store, 'videos/m.mp4'))!.data.equals(bytes)).toBe(true);
    const copied = path.join(work, `copied-${Math.random()}`);
    writeFileSync(copied, bytes);
    await store.putFile('videos/c.mp4', copied, 'video/mp4');
    expect(readFileSync(copied).equals(bytes)).toBe(true);
    expect((await store.head('videos/c.mp4'))!.size).toBe(5000);
  });

  it('deletes an object; deleting a missing one is no error', async () => {
    await store.put('thumbnails/d.webp', bytes, 'image/webp');
    await store.delete('thumbnails/d.webp');
    expect(await store.head('thumbnails/d.webp')).toBeNull();
    await store.delete('thumbnails/d.webp');
    await store.delete('../not-a-key');
  });

  it('lists every object under a prefix with its size', async () => {
    const fresh = open();
    await fresh.put('renditions/a.mp4', bytes, 'video/mp4');
    await fresh.put('renditions/b.mp4', bytes.subarray(0, 10), 'video/mp4');
    await fresh.put('avatars/c.webp', bytes.subarray(0, 20), 'image/webp');
    const all = [];
    for await (const item of fresh.list()) all.push(item);
    expect(all.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: 'avatars/c.webp', size: 20 },
      { key: 'renditions/a.mp4', size: 5000 },
      { key: 'renditions/b.mp4', size: 10 },
    ]);
    const some = [];
    for await (const item of fresh.list('renditions/')) some.push(item.key);
    expect(some.sort()).toEqual(['renditions/a.mp4', 'renditions/b.mp4']);
    const none = [];
    for await (const item of fresh.list('videos/')) none.push(item);
    expect(none).toEqual([]);
  });

  it('gives ffmpeg a local file of a stored URL, and nothing for a URL that is not ours', async () => {
    const storage = createStorage(store);
    const url = await storage.put('videos', 'mp4', bytes);
    expect(url).toMatch(/^\/media\/videos\/[\w-]+\.mp4$/);
    const seen = await storage.withLocalFile(url, path.join(work, 'tmp'), async (file) => readFileSync(file));
    expect(seen!.equals(bytes)).toBe(true);
    expect(await storage.withLocalFile('/elsewhere/x.mp4', work, () => Promise.resolve(1))).toBeNull();
    await storage.remove(url);
    expect(await storage.withLocalFile(url, work, () => Promise.resolve(1))).toBeNull();
  });
});

describe('S3 driver against the server', () => {
  it('sends the keys it is given: a wrong secret is refused by the store', async () => {
    const wrong = await openS3({ ...bucket().settings, secretAccessKey: 'not-the-secret' });
    const store = createS3ObjectStore(wrong, bucket().settings.bucket, 'media/');
    await expect(store.put('avatars/x.webp', bytes, 'image/webp')).rejects.toThrow(/signature/i);
    wrong.client.destroy();
  });

  it('keeps each kind of file under its prefix in the one bucket, with its media type', async () => {
    const store = createS3ObjectStore(bucket().s3, bucket().settings.bucket, 'media/');
    await store.put('avatars/typed.webp', bytes, 'image/webp');
    const head = await bucket().client.send(
      new HeadObjectCommand({ Bucket: bucket().settings.bucket, Key: 'media/avatars/typed.webp' }),
    );
    expect(head.ContentType).toBe('image/webp');
    expect(head.ContentLength).toBe(5000);
    expect(bucket().client).toBeInstanceOf(S3Client);
  });
});
