import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { useTestApp } from '../test/use-test-app';
import { makeJpeg, makePost, makeUser, multipart } from '../test/factories';
import { imageDecodeStats, MAX_CONCURRENT_DECODES } from './images';

// Per-account limits on expensive work (Mastodon's: 30 media uploads and 30 deletions per 30
// minutes, 300 requests per 5 minutes), whatever address each request comes from.

type Member = Awaited<ReturnType<typeof makeUser>>;
let addressCounter = 0;
/** A fresh client address per request, so only the per-account limits can refuse. */
const anotherAddress = () => {
  const n = ++addressCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

function expectRateLimited(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(res.statusCode).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.any(String) });
}

/** POST /api/posts with a JPEG, as the member (from `remoteAddress` when given). */
async function postWithPicture(t: TestApp, member: Member, picture: Buffer, remoteAddress?: string) {
  const form = await multipart(
    { content: 'Sokoni leo' },
    { field: 'image', filename: 'soko.jpg', data: picture, type: 'image/jpeg' },
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/posts',
    ...(remoteAddress ? { remoteAddress } : {}),
    headers: { ...member.auth, ...form.headers },
    payload: form.payload,
  });
}

describe('per-account limits', () => {
  let t: TestApp;
  let jpeg: Buffer;
  beforeAll(async () => {
    t = await buildTestApp({ env: { RATE_LIMITS: 'on' } });
    jpeg = await makeJpeg(400, 300);
  });
  afterAll(() => t.close());

  const postWithImage = (member: Member) => postWithPicture(t, member, jpeg, anotherAddress());
  const profilePicture = async (member: Member) => {
    const form = await multipart(
      {},
      { field: 'profile_pic', filename: 'me.jpg', data: jpeg, type: 'image/jpeg' },
    );
    return t.app.inject({
      method: 'PUT',
      url: `/api/user/${member.id}/profile-pic`,
      remoteAddress: anotherAddress(),
      headers: { ...member.auth, ...form.headers },
      payload: form.payload,
    });
  };

  it('refuses the 31st media upload of an account in 30 minutes, pictures of posts and profiles alike', async () => {
    const member = await makeUser(t);
    for (let i = 0; i < 20; i++) expect((await postWithImage(member)).statusCode).toBe(201);
    for (let i = 0; i < 10; i++) expect((await profilePicture(member)).statusCode).toBe(200);
    expectRateLimited(await postWithImage(member));
    expectRateLimited(await profilePicture(member));
    // Text posts are not uploads, and another account is not affected.
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: member.auth,
      payload: { content: 'Bila picha' },
    });
    expect(text.statusCode).toBe(201);
    expect((await postWithImage(await makeUser(t))).statusCode).toBe(201);
  });

  it('refuses a video upload over the limit before reading the file', async () => {
    const member = await makeUser(t);
    for (let i = 0; i < 30; i++) expect((await profilePicture(member)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/videos',
      headers: { ...member.auth, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '',
    });
    expectRateLimited(res);
    expect(res.headers.connection).toBe('close');
  });

  it('refuses the 31st deletion of an account in 30 minutes', async () => {
    const member = await makeUser(t);
    const posts = await Promise.all(Array.from({ length: 31 }, () => makePost(t, member)));
    const remove = (id: number) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/posts/${id}`,
        remoteAddress: anotherAddress(),
        headers: member.auth,
      });
    for (const post of posts.slice(0, 30)) expect((await remove(post.id)).statusCode).toBe(204);
    expectRateLimited(await remove(posts[30]!.id));
    // The refused post is still there.
    expect((await t.app.inject({ method: 'GET', url: `/api/posts/${posts[30]!.id}` })).statusCode).toBe(200);
  });

  it('refuses the 301st request of an account in 5 minutes, from any address', async () => {
    const member = await makeUser(t);
    const other = await makeUser(t);
    const get = (who: Member) =>
      t.app.inject({
        method: 'GET',
        url: '/api/quiz/results/me',
        remoteAddress: anotherAddress(),
        headers: who.auth,
      });
    for (let i = 0; i < 300; i++) expect((await get(member)).statusCode).toBe(200);
    expectRateLimited(await get(member));
    expect((await get(other)).statusCode).toBe(200);
    // Health checks are never limited.
    expect((await t.app.inject({ method: 'GET', url: '/api/health', headers: member.auth })).statusCode).toBe(
      200,
    );
  });
});

describe('image decodes', () => {
  const t = useTestApp();

  it(`decode at most ${MAX_CONCURRENT_DECODES} pictures at once under 8 parallel uploads`, async () => {
    const members = await Promise.all(Array.from({ length: 8 }, () => makeUser(t)));
    const picture = await makeJpeg(2400, 1800);
    const answers = await Promise.all(members.map((member) => postWithPicture(t, member, picture)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(201));
    const stats = imageDecodeStats();
    expect(stats.peak).toBeLessThanOrEqual(MAX_CONCURRENT_DECODES);
    expect(stats.active).toBe(0);
    expect(stats.waiting).toBe(0);
    // The cap was reached, so the bound above was tested, not just never approached.
    expect(stats.peak).toBe(MAX_CONCURRENT_DECODES);
  });
});
