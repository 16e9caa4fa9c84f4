import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestBucket, type TestBucket } from '../src/test/s3-server';
import { createPostgresDatabase, startServerProcess, type ServerProcess } from '../src/test/server-process';

// Two real instances with data folders of their own, on one PostgreSQL, one Redis and one bucket
// (docs/design.md#past-one-machine): what is uploaded through one loads through the other, and neither keeps media on
// its disk. Runs where PostgreSQL and Redis are up (CI starts them, and the S3 server).

const run = promisify(execFile);
const PASSWORD = 'Tuko-Pamoja-2024!';

/** A 2-second H.264/AAC clip, as a phone would send one. */
async function makeClip(dir: string) {
  const file = path.join(dir, 'clip.mp4');
  await run('ffmpeg', [
    ...['-hide_banner', '-nostdin', '-v', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10', '-f', 'lavfi', '-i', 'sine=frequency=440'],
    ...['-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
    ...['-shortest', file],
  ]);
  return readFileSync(file);
}

/** Every file under a folder (none when it does not exist). */
const filesUnder = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name)
    : [];

describe('two instances that share no disk', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'jamii-storage-cluster-'));
  const dataDirs = [path.join(work, 'a'), path.join(work, 'b')];
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  let bucket: TestBucket | undefined;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let clip: Buffer;

  beforeAll(async () => {
    [bucket, database, clip] = await Promise.all([
      openTestBucket(),
      createPostgresDatabase(`jamii_storage_cluster_${process.pid}`),
      makeClip(work),
    ]);
    const start = (dataDir: string) =>
      startServerProcess({
        DATABASE_URL: database!.url,
        REDIS_URL: process.env.REDIS_URL!,
        DATA_DIR: dataDir,
        JWT_SECRET: 'cluster-test-secret-shared-by-both-instances',
        ...bucket!.env,
      });
    [a, b] = await Promise.all(dataDirs.map(start));
  }, 90_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
    await bucket?.close();
    rmSync(work, { recursive: true, force: true });
  }, 30_000);

  async function login(base: string, username: string) {
    const signup = await fetch(`${base}/api/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username,
        name: 'Storage Member',
        email: `${username}@cluster.co.ke`,
        password: PASSWORD,
        confirmPassword: PASSWORD,
      }),
    });
    expect(signup.ok, await signup.clone().text()).toBe(true);
    const res = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: PASSWORD }),
    });
    return ((await res.json()) as { token: string }).token;
  }

  async function upload(
    base: string,
    url: string,
    token: string,
    fields: Record<string, string>,
    file: { field: string; name: string; data: Buffer; type: string },
  ) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append(file.field, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
    const res = await fetch(`${base}${url}`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return res.json() as Promise<Record<string, unknown>>;
  }

  it('loads a photo uploaded through A through B', async () => {
    const token = await login(a!.url, 'storage_photo');
    const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#2a7' } })
      .jpeg()
      .toBuffer();
    const post = await upload(
      a!.url,
      '/api/posts',
      token,
      { content: 'Picha kutoka A' },
      {
        field: 'image',
        name: 'a.jpg',
        data: jpeg,
        type: 'image/jpeg',
      },
    );
    const url = String(post.image_url);
    expect(url).toMatch(/^\/media\/posts\/[\w-]+\.webp$/);
    const [fromA, fromB] = await Promise.all([fetch(`${a!.url}${url}`), fetch(`${b!.url}${url}`)]);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/webp');
    expect(fromB.headers.get('etag')).toBe(fromA.headers.get('etag'));
    const bytes = Buffer.from(await fromB.arrayBuffer());
    expect(bytes.equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
    expect((await sharp(bytes).metadata()).width).toBe(900);
  });

  it('plays a video uploaded through A through B, seeking with a Range request', async () => {
    const token = await login(a!.url, 'storage_video');
    const video = await upload(
      a!.url,
      '/api/videos',
      token,
      { title: 'Kutoka A' },
      {
        field: 'video',
        name: 'clip.mp4',
        data: clip,
        type: 'video/mp4',
      },
    );
    const url = String(video.video_url);
    const size = Number(video.size_bytes);
    const whole = Buffer.from(await (await fetch(`${b!.url}${url}`)).arrayBuffer());
    expect(whole.length).toBe(size);
    const seek = await fetch(`${b!.url}${url}`, { headers: { range: 'bytes=1000-1999' } });
    expect(seek.status).toBe(206);
    expect(seek.headers.get('content-type')).toBe('video/mp4');
    expect(seek.headers.get('content-range')).toBe(`bytes 1000-1999/${size}`);
    expect(Buffer.from(await seek.arrayBuffer()).equals(whole.subarray(1000, 2000))).toBe(true);
    const thumbnail = await fetch(`${b!.url}${String(video.thumbnail_url)}`);
    expect(thumbnail.status).toBe(200);
    expect((await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata()).format).toBe('webp');

    // Deleted through B, gone for A too.
    const deleted = await fetch(`${b!.url}/api/videos/${String(video.id)}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(deleted.status).toBe(204);
    expect((await fetch(`${a!.url}${url}`)).status).toBe(404);
  });

  it('keeps no media on either instance’s disk', () => {
    for (const dir of dataDirs) {
      expect(filesUnder(path.join(dir, 'media'))).toEqual([]);
      expect(filesUnder(path.join(dir, 'private'))).toEqual([]);
    }
  });
});
