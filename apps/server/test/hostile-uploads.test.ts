import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../src/test/build-test-app';
import { makeTestClip } from '../src/test/clips';
import { makeJob, makeJpeg, makeUser, multipart } from '../src/test/factories';
import { sendOversized } from '../src/test/oversized-upload';

// Hostile uploads (docs/security.md#hostile-input, OWASP's file upload cheat sheet): files that are two things at
// once, markup under a picture's name, a picture that would take gigabytes to decode, a video cut
// short, a name that climbs out of the folder, a body far over the limit; and what comes back out:
// never served as HTML or script.

type Member = Awaited<ReturnType<typeof makeUser>>;

const SCRIPT = '<script>alert(document.cookie)</script>';
const HTML = Buffer.from(`<!doctype html><html><body>${SCRIPT}</body></html>`);
const SVG = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)">${SCRIPT}<rect width="10" height="10"/></svg>`,
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A real JPEG that is also an HTML page: markup in a comment segment and after the end of the image. */
async function jpegHtmlPolyglot() {
  const jpeg = await makeJpeg(64, 48);
  const comment = Buffer.from(`<html><body>${SCRIPT}<!--`);
  const segment = Buffer.concat([
    Buffer.from([0xff, 0xfe, (comment.length + 2) >> 8, (comment.length + 2) & 0xff]),
    comment,
  ]);
  return Buffer.concat([
    jpeg.subarray(0, 2),
    segment,
    jpeg.subarray(2),
    Buffer.from(`-->${SCRIPT}</body></html>`),
  ]);
}

function pngChunk(type: string, data: Buffer) {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(data: Buffer) {
  let crc = ~0;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/**
 * A complete, valid PNG of width × height black pixels (1-bit grey) whose zeros deflate to almost
 * nothing: 10,000 × 10,000 is 100 megapixels, about 400 MB once decoded, in a file of ~15 kB.
 */
function decompressionBomb(width: number, height: number) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, adaptive filter, no interlace
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Every file under a folder, as paths relative to it. */
function filesUnder(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)));
}

const work = mkdtempSync(path.join(tmpdir(), 'jamii-hostile-uploads-'));
/** A 2-second H.264/AAC clip with its index at the end (as phones record) and one with it in front. */
const clips: Record<'indexAtEnd' | 'indexInFront', Buffer> = {
  indexAtEnd: Buffer.alloc(0),
  indexInFront: Buffer.alloc(0),
};

describe('hostile uploads', () => {
  let t: TestApp;
  let member: Member;
  beforeAll(async () => {
    const app = buildTestApp();
    [clips.indexAtEnd, clips.indexInFront] = await Promise.all([
      makeTestClip(path.join(work, 'end.mp4')),
      makeTestClip(path.join(work, 'front.mp4'), { faststart: true }),
    ]);
    t = await app;
    member = await makeUser(t);
  }, 90_000);
  afterAll(async () => {
    await t?.close();
    rmSync(work, { recursive: true, force: true });
  });

  const mediaDir = () => path.join(t.dataDir, 'media');
  const count = async (table: 'posts' | 'users' | 'videos' | 'job_applications') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  async function upload(
    method: 'POST' | 'PUT',
    url: string,
    fields: Record<string, string>,
    file: { field: string; filename: string; data: Buffer; type?: string },
    auth: Record<string, string> = member.auth,
  ) {
    const body = await multipart(fields, file);
    return t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, ...auth } });
  }
  const postImage = (data: Buffer, filename: string, type?: string) =>
    upload('POST', '/api/posts', { content: 'Picha ya soko' }, { field: 'image', filename, data, type });
  const profilePicture = (data: Buffer, filename: string, type?: string) =>
    upload('PUT', `/api/user/${member.id}/profile-pic`, {}, { field: 'profile_pic', filename, data, type });
  let signups = 0;
  const signup = (data: Buffer, filename: string, type?: string) => {
    signups += 1;
    const fields = {
      username: `hostile_${signups}`,
      name: 'Achieng Otieno',
      email: `achieng${signups}@tujenge.co.ke`,
      password: 'Umoja-Kazi-2024!',
      confirmPassword: 'Umoja-Kazi-2024!',
    };
    return upload('POST', '/api/signup', fields, { field: 'profile_pic', filename, data, type }, {});
  };

  /** What a browser receives for a stored picture: its own type, never sniffed, never markup. */
  async function expectServedAsPicture(url: string) {
    expect(url).toMatch(/^\/media\/[\w/-]+\.webp$/);
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.includes('<script')).toBe(false);
    expect(res.rawPayload.includes('<html')).toBe(false);
    expect((await sharp(res.rawPayload).metadata()).format).toBe('webp');
  }

  describe('a JPEG that is also an HTML page', () => {
    it('is re-encoded: what is stored and served is a WebP picture alone, as image/webp with nosniff', async () => {
      const polyglot = await jpegHtmlPolyglot();
      expect(polyglot.includes(SCRIPT)).toBe(true);
      expect((await sharp(polyglot).metadata()).format).toBe('jpeg');

      const post = await postImage(polyglot, 'soko.html', 'text/html');
      expect(post.statusCode).toBe(201);
      await expectServedAsPicture(post.json<{ image_url: string }>().image_url);
      await expectServedAsPicture(post.json<{ image_feed_url: string }>().image_feed_url);

      const picture = await profilePicture(polyglot, 'me.jpg');
      expect(picture.statusCode).toBe(200);
      await expectServedAsPicture(picture.json<{ profile_pic: string }>().profile_pic);

      const account = await signup(polyglot, 'me.jpg', 'image/jpeg');
      expect(account.statusCode).toBe(201);
      await expectServedAsPicture(account.json<{ user: { profile_pic: string } }>().user.profile_pic);

      for (const file of filesUnder(mediaDir()))
        expect(readFileSync(path.join(mediaDir(), file)).includes('<script'), file).toBe(false);
    });
  });

  describe('an HTML page or an SVG named .png', () => {
    it('is refused (415) on every picture upload, and nothing is kept', async () => {
      const posts = await count('posts');
      const users = await count('users');
      const files = filesUnder(mediaDir()).length;
      for (const [data, type] of [
        [HTML, 'image/png'],
        [SVG, 'image/png'],
        [SVG, 'image/svg+xml'],
      ] as const) {
        for (const res of [
          await postImage(data, 'photo.png', type),
          await profilePicture(data, 'photo.png', type),
          await signup(data, 'photo.png', type),
        ]) {
          expect(res.statusCode, res.body).toBe(415);
          expect(res.json()).toEqual({
            code: 'UNSUPPORTED_MEDIA_TYPE',
            message: 'Please choose an image file (JPEG, PNG, WebP, GIF or HEIC)',
          });
        }
      }
      expect(await count('posts')).toBe(posts);
      expect(await count('users')).toBe(users);
      expect(filesUnder(mediaDir())).toHaveLength(files);
    });

    it('is refused as a CV (not a PDF by its bytes), and a PDF that carries a script is only ever an attachment', async () => {
      const owner = await makeUser(t);
      const jobs = [await makeJob(t, owner), await makeJob(t, owner)];
      const html = await upload(
        'POST',
        `/api/jobs/${jobs[0]!.id}/apply`,
        { message: 'CV attached' },
        {
          field: 'cv',
          filename: 'cv.pdf',
          data: HTML,
          type: 'application/pdf',
        },
      );
      expect(html.statusCode).toBe(400);
      expect(await count('job_applications')).toBe(0);

      // A PDF whose bytes also read as a page: kept as it is (PDFs are not re-encoded), so it must
      // come back as a download the browser never renders in our origin.
      const polyglot = Buffer.concat([PDF, Buffer.from(`<html>${SCRIPT}</html>`)]);
      const applied = await upload(
        'POST',
        `/api/jobs/${jobs[1]!.id}/apply`,
        { message: 'CV attached' },
        {
          field: 'cv',
          filename: '<img src=x onerror=alert(1)>.html',
          data: polyglot,
          type: 'text/html',
        },
      );
      expect(applied.statusCode).toBe(201);
      const cv = await t.app.inject({
        method: 'GET',
        url: `/api/applications/${applied.json<{ id: number }>().id}/cv`,
        headers: owner.auth,
      });
      expect(cv.statusCode).toBe(200);
      expect(cv.headers['content-type']).toBe('application/pdf');
      expect(cv.headers['content-disposition']).toBe('attachment; filename="cv.pdf"');
      expect(cv.headers['x-content-type-options']).toBe('nosniff');
      expect(cv.headers['content-security-policy']).toContain("default-src 'self'");
    });
  });

  describe('a decompression bomb', () => {
    it('is refused (415) by its pixel count before it is decoded, on every picture upload', async () => {
      const bomb = decompressionBomb(10_000, 10_000);
      expect(bomb.length).toBeLessThan(100_000);
      // sharp refuses it from the header, at the same limit the server sets (40 megapixels).
      await expect(sharp(bomb, { limitInputPixels: 40_000_000 }).metadata()).rejects.toThrow(/pixel limit/);
      const posts = await count('posts');
      for (const res of [
        await postImage(bomb, 'panorama.png', 'image/png'),
        await profilePicture(bomb, 'panorama.png', 'image/png'),
        await signup(bomb, 'panorama.png', 'image/png'),
      ]) {
        expect(res.statusCode, res.body).toBe(415);
        expect(res.json<{ code: string }>().code).toBe('UNSUPPORTED_MEDIA_TYPE');
      }
      expect(await count('posts')).toBe(posts);
    });
  });

  describe('a video cut short', () => {
    const uploadVideo = (data: Buffer, filename = 'clip.mp4') =>
      upload(
        'POST',
        '/api/videos',
        { title: 'Safari ya Mombasa' },
        { field: 'video', filename, data, type: 'video/mp4' },
      );

    it('is refused, whichever end is missing, and leaves no file behind', async () => {
      const videos = await count('videos');
      const before = filesUnder(t.dataDir).length;
      // Index at the end, cut: no index arrived, so it is no video (415).
      for (const data of [
        clips.indexAtEnd.subarray(0, clips.indexAtEnd.length / 2),
        clips.indexAtEnd.subarray(0, 64),
      ]) {
        const res = await uploadVideo(data);
        expect(res.statusCode, res.body).toBe(415);
        expect(res.json<{ code: string }>().code).toBe('UNSUPPORTED_MEDIA_TYPE');
      }
      // Index in front, cut: the index promises two seconds that never came (400, try again).
      for (const data of [
        clips.indexInFront.subarray(0, clips.indexInFront.length / 2),
        clips.indexInFront.subarray(0, 2000),
      ]) {
        const res = await uploadVideo(data);
        expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, res.body).toBeLessThan(500);
        expect(res.json<{ code: string }>().code).toMatch(
          /^(UPLOAD_INCOMPLETE|UNSUPPORTED_MEDIA_TYPE|UNSUPPORTED_VIDEO_FORMAT)$/,
        );
      }
      const half = await uploadVideo(clips.indexInFront.subarray(0, clips.indexInFront.length / 2));
      expect(half.json()).toEqual({
        code: 'UPLOAD_INCOMPLETE',
        message: 'The upload did not finish. Please try again',
      });
      await t.app.background.settled();
      expect(await count('videos')).toBe(videos);
      expect(filesUnder(t.dataDir)).toHaveLength(before);
    });
  });

  describe('a file name that climbs out of the folder', () => {
    it('never names a stored file: the server names every file itself, inside its folder', async () => {
      const jpeg = await makeJpeg(80, 60);
      const names = ['../../etc/passwd.png', '..\\..\\..\\windows\\win.ini', '/etc/passwd', 'a/../../b.png'];
      const urls: string[] = [];
      for (const name of names) {
        const post = await postImage(jpeg, name, 'image/jpeg');
        expect(post.statusCode).toBe(201);
        urls.push(post.json<{ image_url: string }>().image_url);
        const picture = await profilePicture(jpeg, name, 'image/jpeg');
        expect(picture.statusCode).toBe(200);
        urls.push(picture.json<{ profile_pic: string }>().profile_pic);
      }
      const video = await upload(
        'POST',
        '/api/videos',
        { title: 'Climb' },
        {
          field: 'video',
          filename: '../../../../tmp/evil.mp4',
          data: clips.indexInFront,
          type: 'video/mp4',
        },
      );
      expect(video.statusCode, video.body).toBe(201);
      urls.push(video.json<{ video_url: string }>().video_url);
      for (const url of urls) {
        expect(url).toMatch(/^\/media\/[\w-]+\/[\w-]+\.(webp|mp4)$/);
        expect(url).not.toMatch(/passwd|win\.ini|evil/);
      }
      for (const file of filesUnder(t.dataDir)) expect(file).not.toMatch(/passwd|win\.ini|evil|\.\./);
      expect(existsSync(path.resolve(t.dataDir, 'media', '../../etc/passwd.png'))).toBe(false);
      expect(existsSync(path.resolve(t.dataDir, '../../tmp/evil.mp4'))).toBe(false);
      expect(existsSync('/tmp/evil.mp4')).toBe(false);
    });
  });

  describe('a body far over the limit, over real HTTP', () => {
    let port: number;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as AddressInfo).port;
    });

    const total = 64 * 1024 * 1024;
    const boundary = 'jamii-boundary';
    const formHead = (fields: Record<string, string>, file: string) =>
      Buffer.from(
        Object.entries(fields)
          .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
          .join('') +
          `--${boundary}\r\nContent-Disposition: form-data; name="${file}"; filename="big.jpg"\r\n` +
          'Content-Type: image/jpeg\r\n\r\n',
      );

    // Videos (200 MB here) have the same test with a 1 MB limit in videos.test.ts.
    it('is answered 413 while it is still being sent, and the connection is closed, on every picture and CV upload', async () => {
      const job = await makeJob(t, await makeUser(t));
      const form = `multipart/form-data; boundary=${boundary}`;
      const targets = [
        {
          path: '/api/posts',
          method: 'POST',
          head: formHead({ content: 'Habari' }, 'image'),
          auth: member.auth,
        },
        {
          path: `/api/user/${member.id}/profile-pic`,
          method: 'PUT',
          head: formHead({}, 'profile_pic'),
          auth: member.auth,
        },
        {
          path: '/api/signup',
          method: 'POST',
          head: formHead(
            { username: 'big_upload', name: 'Big Upload', email: 'big@tujenge.co.ke' },
            'profile_pic',
          ),
          auth: {},
        },
        {
          path: `/api/jobs/${job.id}/apply`,
          method: 'POST',
          head: formHead({ message: 'Hi' }, 'cv'),
          auth: member.auth,
        },
      ];
      for (const target of targets) {
        const result = await sendOversized({
          port,
          method: target.method,
          path: target.path,
          headers: { ...target.auth, 'content-type': form },
          head: target.head,
          total,
        });
        expect(result.status, `${target.path} ${result.body}`).toBe(413);
        expect(JSON.parse(result.body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
        expect(result.sent, target.path).toBeLessThan(total / 4);
        expect(result.connection, target.path).toBe('close');
      }
    });

    it('refuses a JSON body over 1 MB the same way', async () => {
      const result = await sendOversized({
        port,
        path: '/api/jobs',
        headers: { ...member.auth, 'content-type': 'application/json' },
        head: Buffer.from('{"title":"Accountant","description":"'),
        total,
      });
      expect(result.status, result.body).toBe(413);
      expect(JSON.parse(result.body)).toEqual({
        code: 'PAYLOAD_TOO_LARGE',
        message: 'The request is too large',
      });
      expect(result.sent).toBeLessThan(total / 4);
      expect(result.connection).toBe('close');
    });
  });

  describe('what comes back out', () => {
    it('every kind of stored media is served with its own type and nosniff, never as markup', async () => {
      const post = await postImage(await makeJpeg(300, 200), 'a.jpg', 'image/jpeg');
      const video = await upload(
        'POST',
        '/api/videos',
        { title: 'Kinds' },
        {
          field: 'video',
          filename: 'clip.mp4',
          data: clips.indexInFront,
          type: 'video/mp4',
        },
      );
      await t.app.background.settled();
      const listed = await t.app.inject({ method: 'GET', url: `/api/videos/short?user_id=${member.id}` });
      const urls = [
        post.json<{ image_url: string }>().image_url,
        video.json<{ video_url: string }>().video_url,
        ...listed
          .json<{ thumbnail_url?: string | null }[]>()
          .flatMap((v) => (v.thumbnail_url ? [v.thumbnail_url] : [])),
      ];
      expect(urls.length).toBeGreaterThanOrEqual(3);
      const types: Record<string, string> = { webp: 'image/webp', mp4: 'video/mp4', jpg: 'image/jpeg' };
      for (const url of urls) {
        const res = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-99' } });
        expect(res.statusCode, url).toBe(206);
        expect(res.headers['content-type'], url).toBe(types[url.split('.').pop()!]);
        expect(res.headers['x-content-type-options'], url).toBe('nosniff');
        expect(String(res.headers['content-type'])).not.toMatch(/html|script|svg|xml/);
      }
      // A name the server never stores is not served, whatever its extension says.
      for (const url of ['/media/posts/x.html', '/media/../package.json', '/media/posts/%2e%2e/x.svg'])
        expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    });
  });
});
