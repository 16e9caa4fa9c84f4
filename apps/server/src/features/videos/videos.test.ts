import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { makeJpeg, makeUser, multipart } from '../../test/factories';
import { sendOversized } from '../../test/oversized-upload';
import { postVideo } from '../../test/clips';

const run = promisify(execFile);
const ffmpeg = (...args: string[]) =>
  run('ffmpeg', ['-hide_banner', '-nostdin', '-v', 'error', '-y', ...args]);

/** A phone's usual MP4: H.264 video (fast to encode) and AAC sound. */
const H264_AAC = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'];

/** Tiny clips made here with ffmpeg's test sources; the moov is at the end, as phones write it. */
async function makeClips(dir: string) {
  const file = (name: string) => path.join(dir, name);
  const lavfi = (src: string) => ['-f', 'lavfi', '-i', src];
  /** A test picture and tone as H.264/AAC, cut to the shorter of the two; `extra` output options before the file. */
  const h264 = (picture: string, tone: string, seconds: number, name: string, extra: string[] = []) =>
    ffmpeg(
      ...lavfi(picture),
      ...lavfi(tone),
      '-t',
      String(seconds),
      ...H264_AAC,
      '-shortest',
      ...extra,
      file(name),
    );
  await Promise.all([
    // What a phone writes and the server must not publish: where the clip was filmed.
    h264('testsrc=size=640x360:rate=15', 'sine=frequency=440', 5, 'short.mp4', [
      '-metadata',
      'location=-01.2921+036.8219/',
    ]),
    h264('testsrc=size=128x96:rate=4', 'sine=frequency=220:sample_rate=8000', 65, 'long.mp4', [
      '-b:a',
      '16k',
    ]),
    ffmpeg(
      ...lavfi('testsrc=size=160x120:rate=10'),
      ...lavfi('sine'),
      '-t',
      '2',
      '-c:v',
      'libvpx-vp9',
      '-pix_fmt',
      'yuv420p',
      '-deadline',
      'realtime',
      '-cpu-used',
      '8',
      '-c:a',
      'libopus',
      '-shortest',
      file('clip.webm'),
    ),
    // MPEG-4 part 2 (old feature phones): a real video, but not one a phone's browser plays.
    ffmpeg(...lavfi('testsrc=size=160x120:rate=10'), '-t', '1', '-c:v', 'mpeg4', file('old.mp4')),
  ]);
  return {
    short: readFileSync(file('short.mp4')),
    long: readFileSync(file('long.mp4')),
    webm: readFileSync(file('clip.webm')),
    mpeg4: readFileSync(file('old.mp4')),
  };
}

describe('videos', () => {
  let t: TestApp;
  let dir: string;
  let clips: Awaited<ReturnType<typeof makeClips>>;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'jamii-videos-'));
    [t, clips] = await Promise.all([buildTestApp({ env: { VIDEO_MAX_MB: '1' } }), makeClips(dir)]);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const workDir = () => path.join(t.dataDir, 'tmp', 'videos');
  const storedVideos = () => {
    const folder = path.join(t.dataDir, 'media', 'videos');
    return existsSync(folder) ? readdirSync(folder) : [];
  };
  const stored = (url: string) => t.app.inject({ method: 'GET', url });
  /** ffprobe's JSON of the given entries of a stored file. */
  const probe = (entries: string, file: string) =>
    run('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_entries', entries, file]);

  const upload = (
    headers: Record<string, string>,
    fields: Record<string, string>,
    file?: Parameters<typeof postVideo>[3],
  ) => postVideo(t, headers, fields, file);

  describe('POST /api/videos', () => {
    it('stores a 5 s clip as a short: moov at the front, metadata dropped, a WebP thumbnail', async () => {
      const member = await makeUser(t, { name: 'Wanjiru Kamau' });
      const res = await upload(
        member.auth,
        { title: '  Matatu art in Nairobi ', description: 'Graffiti on the route 46 buses' },
        { data: clips.short, filename: 'VID_20250101.mp4' },
      );
      expect(res.statusCode).toBe(201);
      const video = res.json();
      expect(video).toMatchObject({
        title: 'Matatu art in Nairobi',
        description: 'Graffiti on the route 46 buses',
        kind: 'short',
        user_id: member.id,
        uploader: 'Wanjiru Kamau',
        username: member.username,
        profile_pic: null,
        mime_type: 'video/mp4',
      });
      expect(video.duration_seconds).toBeCloseTo(5, 1);
      expect(video.url).toBe(video.video_url);
      expect(video.thumbnail).toBe(video.thumbnail_url);
      expect(video.video_url).toMatch(/^\/media\/videos\/[\w-]+\.mp4$/);

      const file = readFileSync(storedPath(video.video_url));
      expect(video.size_bytes).toBe(file.length);
      // ftyp then moov: a player reads the index from the first bytes, not from the file's end.
      expect(file.subarray(4, 8).toString()).toBe('ftyp');
      expect(file.indexOf('moov')).toBeLessThan(64);
      expect(file.indexOf('moov')).toBeLessThan(file.indexOf('mdat'));
      const { stdout } = await probe('format_tags', storedPath(video.video_url));
      expect(stdout).not.toContain('036.8219');

      const thumb = await stored(video.thumbnail_url);
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/webp');
      const meta = await sharp(thumb.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 480, height: 270 });
      expect(readdirSync(workDir())).toEqual([]);
    });

    it('makes a low-data 240p copy in the background (H.264/AAC, index first); deleting removes it', async () => {
      const member = await makeUser(t);
      const res = await upload(member.auth, { title: 'Boda boda at dusk' }, { data: clips.short });
      expect(res.statusCode).toBe(201);
      // The upload answered first; the copy is made after it (the app waits for it before closing).
      await t.app.background.settled();
      const list = await t.app.inject({ method: 'GET', url: `/api/videos/short?user_id=${member.id}` });
      const [video] = list.json();
      // A 640×360 upload gets 240p only: a 360p copy would be no smaller than the original.
      expect(video.renditions).toEqual([
        {
          height: 240,
          url: expect.stringMatching(/^\/media\/renditions\/[\w-]+\.mp4$/),
          size_bytes: expect.any(Number),
        },
      ]);
      const { url, size_bytes: size } = video.renditions[0];
      const file = readFileSync(storedPath(url));
      expect(size).toBe(file.length);
      expect(size).toBeLessThan(video.size_bytes);
      expect(file.indexOf('moov')).toBeLessThan(file.indexOf('mdat'));
      const { stdout } = await probe('stream=codec_name,width,height', storedPath(url));
      expect(JSON.parse(stdout).streams).toEqual([
        { codec_name: 'h264', width: 426, height: 240 },
        { codec_name: 'aac' },
      ]);
      expect((await stored(url)).statusCode).toBe(200);

      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/videos/${video.id}`,
        headers: member.auth,
      });
      expect(del.statusCode).toBe(204);
      expect(existsSync(storedPath(url))).toBe(false);
      expect(readdirSync(path.join(t.dataDir, 'tmp', 'renditions'))).toEqual([]);
    });

    it('stores a 65 s clip as a long video', async () => {
      const member = await makeUser(t);
      const res = await upload(member.auth, { title: 'Sunset over Lake Victoria' }, { data: clips.long });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ kind: 'long', description: '', mime_type: 'video/mp4' });
      expect(res.json().duration_seconds).toBeCloseTo(65, 0);
    });

    it('keeps a VP9/Opus WebM as WebM, served as video/webm', async () => {
      const member = await makeUser(t);
      const res = await upload(
        member.auth,
        { title: 'Recorded in the browser' },
        { data: clips.webm, filename: 'recording.webm', type: 'video/webm' },
      );
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ kind: 'short', mime_type: 'video/webm' });
      expect(res.json().video_url).toMatch(/\.webm$/);
      const head = await t.app.inject({
        method: 'GET',
        url: res.json().video_url,
        headers: { range: 'bytes=0-9' },
      });
      expect(head.statusCode).toBe(206);
      expect(head.headers['content-type']).toBe('video/webm');
    });

    it('judges the bytes, not the name or the type: a text file or a picture called .mp4 is 415', async () => {
      const member = await makeUser(t);
      const before = storedVideos().length;
      const text = await upload(
        member.auth,
        { title: 'Not a video' },
        { data: Buffer.from('Habari! This is only text.\n'.repeat(50)), filename: 'notes.mp4' },
      );
      expect(text.statusCode).toBe(415);
      expect(text.json()).toEqual({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Please choose a video file (MP4 or WebM)',
      });
      const picture = await upload(member.auth, { title: 'A photo' }, { data: await makeJpeg(200, 100) });
      expect(picture.statusCode).toBe(415);
      expect(storedVideos()).toHaveLength(before);
      expect(readdirSync(workDir())).toEqual([]);
    });

    it('refuses a video whose codec phones cannot play (no transcoding on the request) with 415', async () => {
      const member = await makeUser(t);
      const res = await upload(member.auth, { title: 'From an old phone' }, { data: clips.mpeg4 });
      expect(res.statusCode).toBe(415);
      expect(res.json().code).toBe('UNSUPPORTED_VIDEO_FORMAT');
    });

    it('checks the title and the file', async () => {
      const member = await makeUser(t);
      const noTitle = await upload(member.auth, { title: '   ' }, { data: clips.short });
      expect(noTitle.statusCode).toBe(400);
      expect(noTitle.json().errors).toEqual({ title: 'Video title is required' });
      const longTitle = await upload(member.auth, { title: 'x'.repeat(151) }, { data: clips.short });
      expect(longTitle.json().errors.title).toBe('Video title can be at most 150 characters');
      const longText = await upload(
        member.auth,
        { title: 'ok', description: 'y'.repeat(2001) },
        { data: clips.short },
      );
      expect(longText.json().errors.description).toBe('Description can be at most 2000 characters');
      const noFile = await upload(member.auth, { title: 'Where is it?' });
      expect(noFile.statusCode).toBe(400);
      expect(noFile.json().errors).toEqual({ video: 'Please choose a video' });
      expect(readdirSync(workDir())).toEqual([]);
    });

    it('over real HTTP, answers 413 while the phone is still sending, instead of reading it all', async () => {
      const member = await makeUser(t);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const boundary = 'jamii-boundary';
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nBig\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="big.mp4"\r\n` +
          'Content-Type: video/mp4\r\n\r\n',
      );
      const total = 64 * 1024 * 1024;
      const result = await sendOversized({
        port,
        path: '/api/videos',
        headers: { ...member.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
        head,
        total,
        tail: Buffer.from(`\r\n--${boundary}--\r\n`),
      });
      expect(result.status).toBe(413);
      expect(result.sent).toBeLessThan(total / 4);
      expect(readdirSync(workDir())).toEqual([]);
    });

    it('answers 400 to an upload cut short, leaving no temporary file', async () => {
      const member = await makeUser(t);
      const body = await multipart(
        { title: 'Lost signal' },
        { field: 'video', filename: 'a.mp4', data: clips.short, type: 'video/mp4' },
      );
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/videos',
        payload: body.payload.subarray(0, 50_000),
        headers: { ...body.headers, ...member.auth },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('UPLOAD_INCOMPLETE');
      expect(readdirSync(workDir())).toEqual([]);
    });

    it('answers 401 to a visitor, before reading the file', async () => {
      const res = await upload({}, { title: 'Anonymous' }, { data: clips.short });
      expect(res.statusCode).toBe(401);
    });

    it('refuses a file over VIDEO_MAX_MB with 413 while it streams in, leaving no temporary file', async () => {
      const member = await makeUser(t);
      const big = Buffer.alloc(1024 * 1024 + 200 * 1024, 7);
      // A declared length already over the limit is refused before a byte is read.
      const declared = await upload(member.auth, { title: 'Too big' }, { data: big });
      expect(declared.statusCode).toBe(413);
      expect(declared.json().code).toBe('PAYLOAD_TOO_LARGE');
      expect(declared.headers.connection).toBe('close');

      // Chunked, with no length: refused when the limit is crossed; the partial file is deleted.
      const body = await multipart(
        { title: 'Too big, streamed' },
        { field: 'video', filename: 'big.mp4', data: big, type: 'video/mp4' },
      );
      const chunks = Array.from({ length: Math.ceil(body.payload.length / 65536) }, (_, i) =>
        body.payload.subarray(i * 65536, (i + 1) * 65536),
      );
      const streamed = await t.app.inject({
        method: 'POST',
        url: '/api/videos',
        payload: Readable.from(chunks),
        headers: { ...body.headers, ...member.auth },
      });
      expect(streamed.statusCode).toBe(413);
      expect(streamed.json()).toEqual({
        code: 'PAYLOAD_TOO_LARGE',
        message: 'The file is too large (at most 1 MB)',
      });
      expect(readdirSync(workDir())).toEqual([]);
    });
  });

  describe('GET /media/… (range requests)', () => {
    let url: string;
    let bytes: Buffer;
    beforeAll(async () => {
      const member = await makeUser(t);
      url = (await upload(member.auth, { title: 'Seek me' }, { data: clips.short })).json().video_url;
      bytes = readFileSync(storedPath(url));
    });
    const get = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip', ...headers } });

    it('answers a range with 206 and exactly those bytes, never compressed', async () => {
      const res = await get({ range: 'bytes=100-1099' });
      expect(res.statusCode).toBe(206);
      expect(res.headers).toMatchObject({
        'accept-ranges': 'bytes',
        'content-type': 'video/mp4',
        'content-range': `bytes 100-1099/${bytes.length}`,
        'content-length': '1000',
      });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.rawPayload.equals(bytes.subarray(100, 1100))).toBe(true);
    });

    it('answers an open-ended range and a suffix range', async () => {
      const from = bytes.length - 5000;
      const open = await get({ range: `bytes=${from}-` });
      expect(open.statusCode).toBe(206);
      expect(open.headers['content-range']).toBe(`bytes ${from}-${bytes.length - 1}/${bytes.length}`);
      expect(open.rawPayload.equals(bytes.subarray(from))).toBe(true);
      const suffix = await get({ range: 'bytes=-300' });
      expect(suffix.statusCode).toBe(206);
      expect(suffix.rawPayload.equals(bytes.subarray(bytes.length - 300))).toBe(true);
    });

    it('answers 416 to a range past the end', async () => {
      const res = await get({ range: `bytes=${bytes.length}-` });
      expect(res.statusCode).toBe(416);
      expect(res.headers['content-range']).toBe(`bytes */${bytes.length}`);
    });

    it('serves the whole file uncompressed, advertising ranges', async () => {
      const res = await get({});
      expect(res.statusCode).toBe(200);
      expect(res.headers['accept-ranges']).toBe('bytes');
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.rawPayload.equals(bytes)).toBe(true);
    });
  });

  describe('lists', () => {
    let ann: Awaited<ReturnType<typeof makeUser>>;
    let ben: Awaited<ReturnType<typeof makeUser>>;
    const ids: Record<string, number> = {};
    beforeAll(async () => {
      // Rows straight in the database, far in the future so they sort before the uploads above.
      ann = await makeUser(t, { name: 'Ann Akinyi' });
      ben = await makeUser(t, { name: 'Ben Otieno' });
      const rows: [string, number, 'short' | 'long', number][] = [
        ['a1', ann.id, 'short', 5],
        ['a2', ann.id, 'short', 4],
        ['b1', ben.id, 'short', 3],
        ['a3', ann.id, 'short', 2],
        ['along', ann.id, 'long', 1],
      ];
      for (const [title, userId, kind, minutesAhead] of rows) {
        const row = await t.db
          .insertInto('videos')
          .values({
            user_id: userId,
            title,
            kind,
            duration_seconds: kind === 'short' ? 30 : 300,
            video_url: `/media/videos/${title}.mp4`,
            thumbnail_url: null,
            mime_type: 'video/mp4',
            size_bytes: 1000,
            created_at: new Date(Date.UTC(2100, 0, 1, 0, 60 - minutesAhead)),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids[title] = row.id;
      }
    });
    const list = (url: string) => t.app.inject({ method: 'GET', url });
    const titles = (res: { json: () => { title: string }[] }) => res.json().map((v) => v.title);

    it('lists shorts and longs apart, newest first, with the uploader', async () => {
      const shorts = await list('/api/videos/short');
      expect(shorts.statusCode).toBe(200);
      expect(titles(shorts).slice(0, 4)).toEqual(['a3', 'b1', 'a2', 'a1']);
      expect(shorts.json().every((v: { kind: string }) => v.kind === 'short')).toBe(true);
      expect(shorts.json()[1]).toMatchObject({
        uploader: 'Ben Otieno',
        username: ben.username,
        user_id: ben.id,
      });
      const longs = await list('/api/videos/long');
      expect(titles(longs)[0]).toBe('along');
      expect(longs.json().every((v: { kind: string }) => v.kind === 'long')).toBe(true);
    });

    it('filters by user_id and by title', async () => {
      expect(titles(await list(`/api/videos/short?user_id=${ann.id}`))).toEqual(['a3', 'a2', 'a1']);
      expect(titles(await list(`/api/videos/long?user_id=${ben.id}`))).toEqual([]);
      expect(titles(await list(`/api/videos/short?user_id=${ann.id}&search=A2`))).toEqual(['a2']);
      expect((await list('/api/videos/short?user_id=abc')).statusCode).toBe(400);
    });

    it('pages with an opaque cursor in X-Next-Cursor', async () => {
      const first = await list(`/api/videos/short?user_id=${ann.id}&limit=2`);
      expect(titles(first)).toEqual(['a3', 'a2']);
      const cursor = first.headers['x-next-cursor'] as string;
      expect(cursor).toBeTruthy();
      const second = await list(`/api/videos/short?user_id=${ann.id}&limit=2&cursor=${cursor}`);
      expect(titles(second)).toEqual(['a1']);
      expect(second.headers['x-next-cursor']).toBeUndefined();
      expect((await list('/api/videos/short?cursor=not-ours!')).statusCode).toBe(400);
      expect((await list('/api/videos/short?limit=101')).statusCode).toBe(400);
    });
  });

  describe('DELETE /api/videos/:id', () => {
    it('lets the uploader and an admin delete, with the files; 403 for others, 404 unknown', async () => {
      const owner = await makeUser(t);
      const other = await makeUser(t);
      const admin = await makeUser(t, { role: 'admin' });
      const first = (await upload(owner.auth, { title: 'Mine' }, { data: clips.short })).json();
      const second = (await upload(owner.auth, { title: 'Also mine' }, { data: clips.short })).json();
      const del = (id: number, headers: Record<string, string>) =>
        t.app.inject({ method: 'DELETE', url: `/api/videos/${id}`, headers });

      expect((await del(first.id, {})).statusCode).toBe(401);
      const refused = await del(first.id, other.auth);
      expect(refused.statusCode).toBe(403);
      expect(existsSync(storedPath(first.video_url))).toBe(true);

      expect((await del(first.id, owner.auth)).statusCode).toBe(204);
      expect(existsSync(storedPath(first.video_url))).toBe(false);
      expect(existsSync(storedPath(first.thumbnail_url))).toBe(false);
      expect((await stored(first.video_url)).statusCode).toBe(404);

      expect((await del(second.id, admin.auth)).statusCode).toBe(204);
      expect(existsSync(storedPath(second.video_url))).toBe(false);
      expect(existsSync(storedPath(second.thumbnail_url))).toBe(false);

      expect((await del(first.id, owner.auth)).statusCode).toBe(404);
      expect((await del(999_999, admin.auth)).statusCode).toBe(404);
    });
  });

  function storedPath(url: string) {
    return path.join(t.dataDir, url);
  }
});

describe('a server without ffmpeg, once it listens', () => {
  const logs: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      env: { FFPROBE_PATH: '/nonexistent/ffprobe', FFMPEG_PATH: '/nonexistent/ffmpeg', LOG_LEVEL: 'warn' },
      logStream: { write: (line: string) => void logs.push(line) },
    });
  });
  afterAll(() => t.close());

  it('warns that uploads will answer 503, before any upload (the check is not part of the start)', async () => {
    const missing = () => logs.filter((line) => line.includes('ffmpeg/ffprobe not available'));
    await t.app.ready();
    expect(missing()).toEqual([]);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await expect.poll(() => missing().length).toBe(1);
    expect(JSON.parse(missing()[0]!)).toMatchObject({ level: 40 });
  });
});

describe('videos without ffmpeg', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      env: { FFPROBE_PATH: '/nonexistent/ffprobe', FFMPEG_PATH: '/nonexistent/ffmpeg' },
    });
  });
  afterAll(() => t.close());

  it('answers uploads 503 while everything else works', async () => {
    const member = await makeUser(t);
    const body = await multipart(
      { title: 'No ffmpeg here' },
      { field: 'video', filename: 'a.mp4', data: Buffer.from('whatever'), type: 'video/mp4' },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/videos',
      payload: body.payload,
      headers: { ...body.headers, ...member.auth },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      code: 'VIDEO_PROCESSING_UNAVAILABLE',
      message: 'Video uploads are not available on this server right now',
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/videos/short' })).json()).toEqual([]);
  });
});
