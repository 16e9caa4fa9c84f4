import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { postVideo, testClipBytes } from '../test/clips';
import { makeJob, makeJpeg, makeUser, multipart } from '../test/factories';
import { openTestBucket, type TestBucket } from '../test/s3-server';
import { openObjectStores } from './storage';

// Uploads and /media/… through the app on each driver (docs/design.md#past-one-machine): the same answers whether the
// files are on this instance's disk or in a bucket; deleting an item or an account deletes its
// objects; CVs only through their authorised route.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

let bucket: TestBucket;
/** A 3-second 640×360 H.264/AAC clip: large enough for a 240p rendition. */
let clip: Buffer;
beforeAll(async () => {
  [bucket, clip] = await Promise.all([openTestBucket(), testClipBytes({ seconds: 3, size: '640x360' })]);
}, 60_000);
afterAll(() => bucket?.close());

const drivers: [string, () => Record<string, string>][] = [
  ['local folder', () => ({})],
  ['S3', () => bucket.env],
];

describe.each(drivers)('media on the %s', (driver, env) => {
  let t: TestApp;
  let stores: Awaited<ReturnType<typeof openObjectStores>>;
  beforeAll(async () => {
    t = await buildTestApp({ env: env() });
    // The same stores the app opened (the same folder or bucket), to look behind its back.
    stores = await openObjectStores(t.ctx.config);
    expect(stores.media.kind).toBe(driver === 'S3' ? 's3' : 'local');
  });
  afterAll(async () => {
    stores?.close();
    await t?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip', ...headers } });
  const keyOf = (url: string) => url.slice('/media/'.length);

  async function publishWithPicture(auth: Record<string, string>) {
    const body = await multipart(
      { content: 'Picha ya soko' },
      { field: 'image', filename: 'soko.jpg', data: await makeJpeg(1400, 1000), type: 'image/jpeg' },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      payload: body.payload,
      headers: { ...body.headers, ...auth },
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: number; image_url: string; image_feed_url: string }>();
  }

  describe('a post picture', () => {
    let post: { id: number; image_url: string; image_feed_url: string };
    let member: Awaited<ReturnType<typeof makeUser>>;
    beforeAll(async () => {
      member = await makeUser(t);
      post = await publishWithPicture(member.auth);
    });

    it('is stored in the store and served at its stable URL, cacheable for good', async () => {
      expect(await stores.media.head(keyOf(post.image_url))).toMatchObject({ size: expect.any(Number) });
      const res = await get(post.image_url);
      expect(res.statusCode).toBe(200);
      expect(res.headers).toMatchObject({
        'content-type': 'image/webp',
        'cache-control': 'public, max-age=31536000, immutable',
        'accept-ranges': 'bytes',
        'content-length': String(res.rawPayload.length),
      });
      expect(res.headers.etag).toMatch(/^".+"$/);
      expect(res.headers['last-modified']).toBeTruthy();
      expect(res.headers['content-encoding']).toBeUndefined();
      expect((await sharp(res.rawPayload).metadata()).format).toBe('webp');
    });

    it('answers 304 to a copy the browser already holds, and HEAD with the size alone', async () => {
      const first = await get(post.image_url);
      const again = await get(post.image_url, { 'if-none-match': String(first.headers.etag) });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload).toHaveLength(0);
      const changed = await get(post.image_url, { 'if-none-match': '"something-else"' });
      expect(changed.statusCode).toBe(200);
      const head = await t.app.inject({ method: 'HEAD', url: post.image_url });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-length']).toBe(String(first.rawPayload.length));
      expect(head.headers.etag).toBe(first.headers.etag);
      expect(head.rawPayload).toHaveLength(0);
    });

    it('answers ranges (206), an unsatisfiable one (416), and a range of a changed file whole', async () => {
      const whole = (await get(post.image_url)).rawPayload;
      const part = await get(post.image_url, { range: 'bytes=10-109' });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 10-109/${whole.length}`);
      expect(part.headers['content-length']).toBe('100');
      expect(part.rawPayload.equals(whole.subarray(10, 110))).toBe(true);
      const suffix = await get(post.image_url, { range: 'bytes=-50' });
      expect(suffix.statusCode).toBe(206);
      expect(suffix.rawPayload.equals(whole.subarray(whole.length - 50))).toBe(true);
      const past = await get(post.image_url, { range: `bytes=${whole.length}-` });
      expect(past.statusCode).toBe(416);
      expect(past.headers['content-range']).toBe(`bytes */${whole.length}`);
      const stale = await get(post.image_url, { range: 'bytes=0-9', 'if-range': '"an-older-copy"' });
      expect(stale.statusCode).toBe(200);
      expect(stale.rawPayload.equals(whole)).toBe(true);
      const nonsense = await get(post.image_url, { range: 'bytes=5-1' });
      expect(nonsense.statusCode).toBe(200);
    });

    it('is deleted from the store with its post', async () => {
      const other = await publishWithPicture(member.auth);
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/posts/${other.id}`,
        headers: member.auth,
      });
      expect(res.statusCode).toBe(204);
      expect(await stores.media.head(keyOf(other.image_url))).toBeNull();
      expect(await stores.media.head(keyOf(other.image_feed_url))).toBeNull();
      expect((await get(other.image_url)).statusCode).toBe(404);
    });
  });

  it('stores a video, its thumbnail and its low-data rendition, plays them by range, and deletes them all', async () => {
    const member = await makeUser(t);
    const res = await postVideo(t, member.auth, { title: 'Matatu ya Thika' }, { data: clip });
    expect(res.statusCode).toBe(201);
    const video = res.json<{ id: number; video_url: string; thumbnail_url: string; size_bytes: number }>();
    // The rendition is made after the answer, from the stored video (downloaded again from a bucket).
    await t.app.background.settled();
    const [listed] = (
      await t.app.inject({ method: 'GET', url: `/api/videos/short?user_id=${member.id}` })
    ).json<{ renditions: { height: number; url: string; size_bytes: number }[] }[]>();
    expect(listed!.renditions).toEqual([
      { height: 240, url: expect.stringMatching(/^\/media\/renditions\//), size_bytes: expect.any(Number) },
    ]);
    const rendition = listed!.renditions[0]!;
    const seek = await get(video.video_url, { range: 'bytes=0-999' });
    expect(seek.statusCode).toBe(206);
    expect(seek.headers['content-type']).toBe('video/mp4');
    expect(seek.headers['content-range']).toBe(`bytes 0-999/${video.size_bytes}`);
    const low = await get(rendition.url);
    expect(low.statusCode).toBe(200);
    expect(low.rawPayload).toHaveLength(rendition.size_bytes);
    expect((await get(video.thumbnail_url)).headers['content-type']).toBe('image/webp');

    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/videos/${video.id}`,
      headers: member.auth,
    });
    expect(gone.statusCode).toBe(204);
    for (const url of [video.video_url, video.thumbnail_url, rendition.url]) {
      expect(await stores.media.head(keyOf(url)), url).toBeNull();
    }
  });

  it('answers 404 for a missing file and for paths that are not stored names', async () => {
    for (const url of [
      '/media/avatars/none.webp',
      '/media/../private/cv/x.pdf',
      '/media/%2e%2e/private/cv/x.pdf',
      '/media/',
      '/media/avatars/a%20b.webp',
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });

  it("deletes an account's picture and post pictures from the store with the account", async () => {
    const member = await makeUser(t);
    const form = await multipart(
      {},
      { field: 'profile_pic', filename: 'me.jpg', data: await makeJpeg(600, 600), type: 'image/jpeg' },
    );
    const pic = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${member.id}/profile-pic`,
      payload: form.payload,
      headers: { ...form.headers, ...member.auth },
    });
    expect(pic.statusCode).toBe(200);
    const avatar: string = pic.json().profile_pic;
    expect((await get(avatar)).statusCode).toBe(200);
    const post = await publishWithPicture(member.auth);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${member.id}`,
      headers: member.auth,
    });
    expect(gone.statusCode).toBe(204);
    for (const url of [avatar, post.image_url, post.image_feed_url]) {
      expect(await stores.media.head(keyOf(url)), url).toBeNull();
    }
  });

  it('keeps a CV private: read only by the applicant and the poster, never under /media', async () => {
    const poster = await makeUser(t);
    const applicant = await makeUser(t);
    const stranger = await makeUser(t);
    const job = await makeJob(t, poster);
    const form = await multipart(
      { message: 'My CV' },
      { field: 'cv', filename: 'cv.pdf', data: PDF, type: 'application/pdf' },
    );
    const applied = await t.app.inject({
      method: 'POST',
      url: `/api/jobs/${job.id}/apply`,
      headers: { ...applicant.auth, ...form.headers },
      payload: form.payload,
    });
    expect(applied.statusCode).toBe(201);
    const { cv_path: key } = await t.db
      .selectFrom('job_applications')
      .select('cv_path')
      .where('id', '=', applied.json().id)
      .executeTakeFirstOrThrow();
    expect(await stores.private.head(key!)).toMatchObject({ size: PDF.length });
    expect(await stores.media.head(key!)).toBeNull();
    const cv = (auth: Record<string, string>) => get(`/api/applications/${applied.json().id}/cv`, auth);
    for (const who of [applicant, poster]) {
      const res = await cv(who.auth);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.rawPayload.equals(PDF)).toBe(true);
    }
    expect((await cv(stranger.auth)).statusCode).toBe(403);
    expect((await get(`/media/${key}`)).statusCode).toBe(404);
    expect((await get(`/media/../private/${key}`)).statusCode).toBe(404);
  });
});
