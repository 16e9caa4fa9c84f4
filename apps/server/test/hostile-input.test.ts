import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../src/test/build-test-app';
import { makeUser, multipart, TEST_PASSWORD } from '../src/test/factories';

// Each class of hostile input that once answered 500 (docs/security.md#hostile-input) must answer 400 with the
// usual error body, on every endpoint where it was found.

type Member = Awaited<ReturnType<typeof makeUser>>;

const NUL = '\u0000';
const TOO_BIG_ID = '2147483648';
const cursorOf = (text: string) => Buffer.from(text).toString('base64url');
/** A cursor in our own format whose date does not exist. */
const IMPOSSIBLE_DATE_CURSOR = cursorOf('2024-02-30T10:00:00.000000Z|5');

function expectBadRequest(res: { statusCode: number; json: () => unknown }, label: string) {
  expect(res.statusCode, label).toBe(400);
  const body = res.json() as { code?: unknown; message?: unknown; errors?: unknown };
  expect(typeof body.code, label).toBe('string');
  expect(typeof body.message, label).toBe('string');
  if (body.errors !== undefined) expect(typeof body.errors, label).toBe('object');
}

const signupFields = (overrides: Record<string, string> = {}) => ({
  username: 'kamau_w',
  name: 'Wanjiku Kamau',
  email: 'wanjiku@tujenge.co.ke',
  location: 'Nairobi',
  bio: 'Accountant in Nairobi.',
  password: 'Umoja-Kazi-2024!',
  confirmPassword: 'Umoja-Kazi-2024!',
  ...overrides,
});

describe('hostile input answers 400 with the usual error body', () => {
  let t: TestApp;
  let member: Member;
  beforeAll(async () => {
    t = await buildTestApp();
    member = await makeUser(t);
  });
  afterAll(() => t.close());

  const inject = (opts: InjectOptions) => t.app.inject(opts);

  describe('an impossible date in a cursor', () => {
    const lists = () => [
      '/api/posts',
      `/api/posts/user/${member.id}`,
      '/api/jobs',
      '/api/jobs/saved',
      '/api/bids',
      '/api/services',
      '/api/videos/short',
      '/api/videos/long',
      `/api/notifications/${member.id}`,
      '/api/quiz/results/me',
      `/api/users/${encodeURIComponent(member.username)}/followers`,
      `/api/users/${encodeURIComponent(member.username)}/following`,
    ];

    it('is refused on all 12 keyset-paged lists', async () => {
      expect(lists()).toHaveLength(12);
      for (const url of lists()) {
        for (const cursor of [
          IMPOSSIBLE_DATE_CURSOR,
          cursorOf('2023-02-29T00:00:00Z|1'),
          cursorOf('2024-04-31T00:00:00Z|1'),
          cursorOf('2024-13-01T00:00:00Z|1'),
          cursorOf('2024-01-01T24:00:00Z|1'),
          cursorOf('0000-01-01T00:00:00Z|1'),
        ]) {
          const res = await inject({ method: 'GET', url: `${url}?cursor=${cursor}`, headers: member.auth });
          expectBadRequest(res, `${url} ${cursor}`);
          expect(res.json()).toMatchObject({ code: 'INVALID_CURSOR' });
        }
      }
    });
  });

  describe('a NUL byte in a text', () => {
    it('is refused at login', async () => {
      const res = await inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: `ama${NUL}ni`, password: TEST_PASSWORD },
      });
      expectBadRequest(res, 'login username');
      const password = await inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: member.username, password: `${TEST_PASSWORD}${NUL}` },
      });
      expectBadRequest(password, 'login password');
    });

    it('is refused in path parameters and search texts', async () => {
      for (const url of [
        '/api/users/%00',
        '/api/users/ama%00ni',
        '/api/users/ama%00ni/followers',
        '/api/posts?search=%00',
        '/api/jobs?search=a%00b',
        '/api/jobs?location=%00',
        '/api/bids?search=%00',
        '/api/services?search=%00',
        '/api/videos/long?search=%00',
        '/api/topics/explore?search=%00',
        '/api/users/suggestions?search=%00',
      ]) {
        const res = await inject({ method: 'GET', url, headers: member.auth });
        expectBadRequest(res, url);
      }
      const follow = await inject({ method: 'POST', url: '/api/users/a%00b/follow', headers: member.auth });
      expectBadRequest(follow, 'follow');
    });

    it('is refused in posts, jobs, bids, offers, services, profiles and password resets', async () => {
      const cases: [method: 'POST' | 'PUT', url: string, payload: object][] = [
        ['POST', '/api/jobs', { title: `Accountant${NUL}` }],
        ['POST', '/api/jobs', { title: 'Accountant', company: `A${NUL}` }],
        ['POST', '/api/bids', { job_title: `Logo${NUL}`, max_price: 100 }],
        ['POST', '/api/bids', { job_title: 'Logo', max_price: 100, description: NUL }],
        ['POST', '/api/bids/offer', { bid_id: 1, offer_price: 10, message: `Hi${NUL}` }],
        ['POST', '/api/services', { title: `Plumbing${NUL}`, price: 10 }],
        ['PUT', `/api/users/${member.id}`, { bio: `Hello${NUL}` }],
        ['PUT', `/api/users/${member.id}`, { name: `Ama${NUL}` }],
        ['POST', '/api/auth/forgot-password', { email: `a${NUL}@tujenge.co.ke` }],
        ['POST', '/api/auth/reset-password', { token: `abc${NUL}`, password: 'Umoja-Kazi-2024!' }],
      ];
      for (const [method, url, payload] of cases) {
        const res = await inject({ method, url, payload, headers: member.auth });
        expectBadRequest(res, `${method} ${url} ${JSON.stringify(payload)}`);
      }
    });

    it('is refused in multipart fields of posts and signup', async () => {
      const post = await multipart({ content: `Habari${NUL}` });
      const res = await inject({
        method: 'POST',
        url: '/api/posts',
        ...post,
        headers: { ...post.headers, ...member.auth },
      });
      expectBadRequest(res, 'post content');
      for (const field of ['username', 'name', 'location', 'bio', 'email']) {
        const form = await multipart(signupFields({ [field]: `${signupFields()[field as 'name']}${NUL}` }));
        const signup = await inject({ method: 'POST', url: '/api/signup', ...form });
        expectBadRequest(signup, `signup ${field}`);
      }
    });
  });

  // Found by the 1,000-per-route fuzz (docs/security.md#hostile-input): both answered 500.
  describe('a broken character (half of a surrogate pair)', () => {
    it('is refused in a body text and a search, while an emoji (a whole pair) is kept', async () => {
      for (const broken of ['\udfff', '\ud800', 'Habari \ud83d']) {
        const note = await inject({
          method: 'POST',
          url: '/api/notifications',
          headers: member.auth,
          payload: { user_id: member.id, message: broken },
        });
        expectBadRequest(note, `notification ${JSON.stringify(broken)}`);
        expect(note.json().errors).toEqual({ message: 'Must not contain a broken character' });
        const post = await inject({
          method: 'POST',
          url: '/api/posts',
          headers: { ...member.auth, 'idempotency-key': `broken-${broken.length}-${broken.charCodeAt(0)}` },
          payload: { content: broken },
        });
        expectBadRequest(post, `post ${JSON.stringify(broken)}`);
      }
      const search = await inject({
        method: 'GET',
        url: `/api/posts?search=${encodeURIComponent('a')}%ED%A0%80`,
      });
      expect(search.statusCode).not.toBeGreaterThanOrEqual(500);
      const emoji = await inject({
        method: 'POST',
        url: '/api/posts',
        headers: member.auth,
        payload: { content: 'Harambee leo 🎉🇰🇪' },
      });
      expect(emoji.statusCode).toBe(201);
      expect(emoji.json().content).toBe('Harambee leo 🎉🇰🇪');
    });
  });

  describe('a body nested 100,000 deep', () => {
    it('is refused before anything walks it, idempotency key or not', async () => {
      const bodies = [
        '['.repeat(100_000) + ']'.repeat(100_000),
        '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000),
      ];
      for (const url of ['/api/signup', '/api/posts', '/api/login', '/api/auth/forgot-password']) {
        for (const [i, payload] of bodies.entries()) {
          for (const key of [undefined, `deep-${url}-${i}`]) {
            const res = await inject({
              method: 'POST',
              url,
              headers: {
                ...member.auth,
                'content-type': 'application/json',
                ...(key ? { 'idempotency-key': key } : {}),
              },
              payload,
            });
            expectBadRequest(res, `${url} ${i} ${key ?? ''}`);
            expect(res.json().message).toBe('The request is nested too deeply');
          }
        }
      }
    });
  });

  describe('an id of 2^31 or more', () => {
    it('is refused in paths and queries', async () => {
      for (const url of [
        `/api/users/${TOO_BIG_ID}`,
        `/api/users/${TOO_BIG_ID}/followers`,
        `/api/users/${TOO_BIG_ID}/following`,
        `/api/users/99999999999999999999999`,
        `/api/jobs?user_id=${TOO_BIG_ID}`,
        `/api/bids?user_id=${TOO_BIG_ID}`,
        `/api/services?user_id=${TOO_BIG_ID}`,
        `/api/posts/${TOO_BIG_ID}`,
        `/api/posts/user/${TOO_BIG_ID}`,
        `/api/jobs/${TOO_BIG_ID}`,
        `/api/bids/${TOO_BIG_ID}`,
        `/api/bids/offers/${TOO_BIG_ID}`,
        `/api/notifications/${TOO_BIG_ID}`,
      ]) {
        const res = await inject({ method: 'GET', url, headers: member.auth });
        expectBadRequest(res, url);
      }
      const follow = await inject({
        method: 'POST',
        url: `/api/users/${TOO_BIG_ID}/follow`,
        headers: member.auth,
      });
      expectBadRequest(follow, 'follow');
    });

    it('is refused in bodies', async () => {
      const res = await inject({
        method: 'POST',
        url: '/api/bids/offer',
        payload: { bid_id: TOO_BIG_ID, offer_price: 10, message: 'I can do it' },
        headers: member.auth,
      });
      expectBadRequest(res, 'offer bid_id');
    });
  });

  describe('a broken multipart form', () => {
    const targets = () => [
      { url: '/api/signup', method: 'POST' as const, headers: {} },
      { url: '/api/posts', method: 'POST' as const, headers: member.auth },
      { url: `/api/user/${member.id}/profile-pic`, method: 'PUT' as const, headers: member.auth },
      { url: '/api/videos', method: 'POST' as const, headers: member.auth },
    ];

    it('without a boundary is refused', async () => {
      for (const target of targets()) {
        const res = await inject({
          ...target,
          headers: { ...target.headers, 'content-type': 'multipart/form-data' },
          payload: '--x\r\nContent-Disposition: form-data; name="content"\r\n\r\nHabari\r\n--x--\r\n',
        });
        expectBadRequest(res, `${target.url} no boundary`);
      }
    });

    it('cut short is refused', async () => {
      for (const target of targets()) {
        const form = await multipart({ content: 'Habari', username: 'kamau_w', title: 'A video' });
        const res = await inject({
          ...target,
          headers: { ...target.headers, ...form.headers },
          payload: form.payload.subarray(0, Math.floor(form.payload.length / 2)),
        });
        expectBadRequest(res, `${target.url} truncated`);
      }
    });
  });

  describe('an email longer than 254 characters', () => {
    it('is refused at signup by validation, before any hashing', async () => {
      const email = `${'a'.repeat(64)}@${Array.from({ length: 4 }, () => 'b'.repeat(60)).join('.')}.co.ke`;
      expect(email.length).toBeGreaterThan(254);
      const form = await multipart(signupFields({ email }));
      const res = await inject({ method: 'POST', url: '/api/signup', ...form });
      expectBadRequest(res, 'long email');
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { email: expect.any(String) } });
    });
  });

  describe('an address the router cannot read, or a path segment over 100 characters', () => {
    it('is refused with the usual error body, quoting none of what the caller put in it', async () => {
      const hostile = `x' UNION SELECT password_hash FROM users --<script>alert(1)</script>${'a'.repeat(100)}`;
      const long = await inject({ method: 'GET', url: `/api/users/${encodeURIComponent(hostile)}` });
      expect(long.statusCode).toBe(414);
      expect(long.json()).toEqual({ code: 'BAD_REQUEST', message: 'The address is too long' });

      const broken = await inject({ method: 'GET', url: '/api/users/%E0%A4%A' });
      expect(broken.statusCode).toBe(400);
      expect(broken.json()).toEqual({ code: 'BAD_REQUEST', message: 'The address is not valid' });
      for (const res of [long, broken]) {
        expect(res.body).not.toMatch(/UNION|script|%E0/i);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
      }
    });
  });
});
